import AppShell
import EntryModel
import EntryUI
import Foundation

/// The selected entry's title and rendered body beside the list on terminals wide enough, or below it
/// on narrower ones tall enough (``EntryPreviewLayout``); the list composes it and feeds it the
/// selection. The body is read once per selection (and again when the entry was saved since), never
/// per frame.
@MainActor
final class EntryPreviewPane {
    /// Where the pane is: beside the list (a bar on its left) or below it (a rule above it).
    enum Placement { case beside, below }

    /// The share of the width (beside) or height (below) the pane takes, in percent.
    var sharePercent = 55
    private let layout: EntryPreviewLayout
    private let environment: EntriesEnvironment
    let bodyView: MarkdownView
    /// The entry shown: its id and when it was last saved, to read it again only when either changes.
    private var shown: (id: Int64, updatedAt: Date)?
    private var problem: String?
    /// The shown entry's word count (the `words` outlet), counted once per read.
    private var words = 0
    /// How many times an entry was read: lets tests prove it is once per selection.
    private(set) var loadCount = 0

    init(environment: EntriesEnvironment) {
        self.environment = environment
        self.layout = environment.preview
        self.bodyView = MarkdownView(text: "", theme: environment.theme, showsScrollIndicator: false)
    }

    /// The list's and the pane's areas in a list area of `area`, nil when it is too small for a pane.
    func area(in area: Rect) -> (list: Rect, preview: Rect, placement: Placement)? {
        if area.width >= layout.minimumWidth, area.height >= 3 {
            let width = area.width * sharePercent / 100
            // A column between the list and the bar, so that the list's last column never touches it.
            return (
                Rect(x: area.x, y: area.y, width: area.width - width - 1, height: area.height),
                Rect(x: area.maxX - width, y: area.y, width: width, height: area.height), .beside
            )
        }
        if area.height >= layout.minimumHeight, area.width >= 20 {
            let height = area.height * (100 - sharePercent) / 100
            return (
                Rect(x: area.x, y: area.y, width: area.width, height: area.height - height),
                Rect(x: area.x, y: area.maxY - height, width: area.width, height: height), .below
            )
        }
        return nil
    }

    /// Draws `summary` (nil: nothing selected) with a bar on its left (beside) or a rule above (below).
    func render(_ summary: EntrySummary?, into buffer: inout Buffer, area: Rect, placement: Placement = .beside) {
        guard !area.isEmpty else { return }
        let inner: Rect
        switch placement {
        case .beside:
            for y in area.y..<area.maxY {
                buffer.setGrapheme("│", width: 1, style: environment.theme.border, x: area.x, y: y)
            }
            inner = area.inset(left: 2)
        case .below:
            for x in area.x..<area.maxX {
                buffer.setGrapheme("─", width: 1, style: environment.theme.border, x: x, y: area.y)
            }
            inner = area.inset(top: 1)
        }
        guard let summary, !inner.isEmpty else { return }
        load(summary)
        // The lines the preview's layout places (the shipped one: the title bold, an empty line).
        let lines = environment.previewLayout.lineTexts(
            width: inner.width, height: inner.height, theme: environment.theme
        ) { item in
            value(of: item, for: summary)
        }
        for (row, line) in lines.enumerated() {
            buffer.put(
                line: line.text, at: Point(x: inner.x, y: inner.y + row), width: inner.width, alignment: line.alignment)
        }
        let body = inner.inset(top: lines.count)
        guard !body.isEmpty, environment.previewLayout.body != nil else { return }
        if let message = problem {
            buffer.put(line: message, at: Point(x: body.x, y: body.y), width: body.width, style: environment.theme.dim)
        } else {
            bodyView.render(into: &buffer, area: body)
        }
    }

    /// The value of one of the preview's outlets (`body` is drawn below the lines, not as a value).
    private func value(of item: LayoutItem, for shown: EntrySummary) -> StyledText {
        guard case .outlet(let index) = item.content, let outlet = EntryPreviewOutlet(rawValue: index) else {
            return StyledText()
        }
        switch outlet {
        case .star: return shown.starred ? "*" : StyledText()
        case .title: return StyledText(EntryText.rowPrefix(shown.title))
        case .created: return StyledText(environment.format(shown.createdAt, item.dateFormat))
        case .updated: return StyledText(environment.format(shown.updatedAt, item.dateFormat))
        case .edited:
            return shown.updatedAt == shown.createdAt
                ? StyledText() : StyledText(environment.format(shown.updatedAt, item.dateFormat))
        case .tags: return StyledText(EntryText.tags(shown.tags))
        case .id: return StyledText(String(shown.id))
        case .words: return problem == nil || problem == "No text." ? StyledText(EntryText.count(words)) : StyledText()
        case .body: return StyledText()
        }
    }

    private func load(_ summary: EntrySummary) {
        if let shown, shown.id == summary.id, shown.updatedAt == summary.updatedAt { return }
        shown = (summary.id, summary.updatedAt)
        loadCount += 1
        switch EntryLoadState.load(id: summary.id, from: environment.repository) {
        case .loaded(let entry):
            problem = entry.body.isEmpty ? "No text." : nil
            bodyView.text = entry.body
            words = EntryText.wordCount(entry.body)
        case let state:
            problem = state.problem
            bodyView.text = ""
            words = 0
        }
    }
}
