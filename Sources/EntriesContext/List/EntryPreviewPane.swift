import AppShell
import EntryModel
import EntryUI
import Foundation

/// The selected entry's title and rendered body beside the list, on terminals wide enough
/// (`minimumWidth`); the list composes it and feeds it the selection. The body is read once per
/// selection (and again when the entry was saved since), never per frame.
@MainActor
final class EntryPreviewPane {
    /// The terminal width from which the list shows the pane.
    var minimumWidth = 100
    /// The share of the width the pane takes, in percent.
    var widthPercent = 55
    private let environment: EntriesEnvironment
    let bodyView: MarkdownView
    /// The entry shown: its id and when it was last saved, to read it again only when either changes.
    private var shown: (id: Int64, updatedAt: Date)?
    private var problem: String?

    init(environment: EntriesEnvironment) {
        self.environment = environment
        self.bodyView = MarkdownView(text: "", theme: environment.theme, showsScrollIndicator: false)
    }

    /// The pane's area in a list area of `area`, nil when it is too narrow for one.
    func area(in area: Rect) -> Rect? {
        guard area.width >= minimumWidth, area.height >= 3 else { return nil }
        let width = area.width * widthPercent / 100
        return Rect(x: area.maxX - width, y: area.y, width: width, height: area.height)
    }

    /// Draws `summary` (nil: nothing selected) with a bar on its left.
    func render(_ summary: EntrySummary?, into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY { buffer.setGrapheme("│", width: 1, style: environment.theme.border, x: area.x, y: y) }
        let inner = area.inset(left: 2)
        guard let summary, !inner.isEmpty else { return }
        load(summary)
        buffer.put(line: StyledText(EntryText.rowPrefix(summary.title), style: Style(attributes: .bold)),
                   at: Point(x: inner.x, y: inner.y), width: inner.width)
        let body = inner.inset(top: 2)
        guard !body.isEmpty else { return }
        if let message = problem {
            buffer.put(line: message, at: Point(x: body.x, y: body.y), width: body.width, style: environment.theme.dim)
        } else {
            bodyView.render(into: &buffer, area: body)
        }
    }

    private func load(_ summary: EntrySummary) {
        if let shown, shown.id == summary.id, shown.updatedAt == summary.updatedAt { return }
        shown = (summary.id, summary.updatedAt)
        switch EntryLoadState.load(id: summary.id, from: environment.repository) {
        case .loaded(let entry):
            problem = entry.body.isEmpty ? "No text." : nil
            bodyView.text = entry.body
        case let state:
            problem = state.problem
            bodyView.text = ""
        }
    }
}
