import AppShell
import EntryModel
import EntryUI
import Foundation

/// One entry: its title, tags and dates, then its body, its Markdown rendered (or, toggled, the raw
/// text), wrapped to the width and scrollable.
///
/// Its actions (bound by the storyboard): `edit`, `delete` and `toggleMarkdown`; after a delete it performs the
/// storyboard's `entryDeleted` segue (back, usually). It offers its entry to segues (more details).
@MainActor
final class EntryDetailsScene: Scene, EntriesObserver, ThemeAdoptingScene {
    let title: String
    let context: StoryboardSceneContext
    let environment: EntriesEnvironment
    private let editing: EntryEditSession
    private let deletion: EntryDeletion
    private let starring: EntryStarring
    /// The entry as the segue gave it, kept for its id and as a fallback when it cannot be read.
    private var summary: EntrySummary
    private(set) var state: EntryLoadState
    /// The body as written.
    let bodyView: TextView
    /// The body's Markdown rendered; shown unless `showsRawText`.
    let renderedView: MarkdownView
    /// Whether the raw text is shown instead of the rendered Markdown (the `toggleMarkdown` action).
    private(set) var showsRawText = false
    /// The body's links and the one selected (`EntryDetailsScene+Links.swift`).
    var links = EntryLinkSelection()
    /// The entry's word count (the `words` outlet), counted once per read.
    private var words = 0
    /// Set when Tab moved the selected link: the next frame scrolls the text to show it.
    var revealsSelectedLink = false
    /// Whether the frame being drawn showed the selected link (set by the row decoration).
    var drewSelectedLink = false
    /// A search's words marked in the text, when opened from its results.
    private var searchMark: ((StyledText) -> StyledText)?

    init(entry: EntrySummary, context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.context = context
        self.environment = environment
        self.summary = entry
        self.editing = EntryEditSession(environment: environment)
        self.deletion = EntryDeletion(environment: environment)
        self.starring = EntryStarring(environment: environment)
        self.state = .load(id: entry.id, from: environment.repository)
        self.bodyView = TextView(text: "", theme: environment.theme)
        self.renderedView = MarkdownView(text: "", theme: environment.theme)
        if let query = environment.searchHighlight {
            // Opened from a search's results: its words marked in the text, as in the list.
            let mark = HighlightedText.marker(for: query, highlight: environment.theme.highlight)
            searchMark = mark
            environment.searchHighlight = nil
        }
        let decorate: (StyledText) -> StyledText = { [weak self] row in self?.decorate(row) ?? row }
        bodyView.rowDecoration = decorate
        renderedView.rowDecoration = decorate
        show(state)
        environment.addObserver(self)
    }

    /// The entry offered to segues, as it is now (nil once deleted).
    var currentSummary: EntrySummary? {
        if case .missing = state { return nil }
        // Kept by `show(_:)`: a summary made from the entry counts its words, the whole body's worth.
        return summary
    }

    // MARK: - Scene

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let header = headerLines(width: area.width, height: area.height)
        let headerHeight = area.height <= 1 ? area.height : min(header.count, area.height - 1)
        for (row, line) in header.prefix(headerHeight).enumerated() {
            buffer.put(
                line: line.text, at: Point(x: area.x, y: area.y + row), width: area.width, alignment: line.alignment)
        }
        var bodyArea = area.inset(top: headerHeight)
        // A layout without a body shows only its lines.
        guard !bodyArea.isEmpty, environment.detailsLayout.body != nil else { return }
        // The line about the body's links (how many, or the selected one and where it leads).
        if let line = linkLines().first, bodyArea.height > 1 {
            buffer.put(line: line, at: Point(x: bodyArea.x, y: bodyArea.y), width: bodyArea.width)
            bodyArea = bodyArea.inset(top: 1)
        }
        if let problem = state.problem ?? (state.entry?.body.isEmpty == true ? "No text." : nil) {
            buffer.put(
                line: problem, at: Point(x: bodyArea.x, y: bodyArea.y), width: bodyArea.width,
                style: environment.theme.dim)
        } else {
            drawText(into: &buffer, area: bodyArea)
        }
    }

    func handle(_ key: Key) -> Bool {
        showsRawText ? bodyView.handle(key) : renderedView.handle(key)
    }

    /// The lines above the body, as the details layout places them (the shipped one: the title bold
    /// and wrapped on up to half the height, tags, dates, and a rule).
    private func headerLines(width: Int, height: Int) -> [(text: StyledText, alignment: TextAlignment)] {
        let shown = summary  // kept by show(_:): making it from the entry counts the whole body
        return environment.detailsLayout.lineTexts(
            width: width, height: height, sceneHeight: height, theme: environment.theme
        ) { item in
            value(of: item, for: shown)
        }
    }

    /// The value of one of the details' outlets (`body` is drawn below the lines, not as a value).
    private func value(of item: LayoutItem, for shown: EntrySummary) -> StyledText {
        guard case .outlet(let index) = item.content, let outlet = EntryDetailsOutlet(rawValue: index) else {
            return StyledText()
        }
        switch outlet {
        case .star: return shown.starred ? "*" : StyledText()
        // A byte past what a line ever wraps, so that a cut title still ends with "…".
        case .title: return StyledText(EntryText.rowPrefix(shown.title, maximumLength: Layout.maximumWrappedBytes + 1))
        case .created: return StyledText(environment.format(shown.createdAt, item.dateFormat))
        case .updated: return StyledText(environment.format(shown.updatedAt, item.dateFormat))
        case .edited:
            return shown.updatedAt == shown.createdAt
                ? StyledText() : StyledText(environment.format(shown.updatedAt, item.dateFormat))
        case .tags: return StyledText(EntryText.tags(shown.tags))
        case .id: return StyledText(String(shown.id))
        case .words: return state.entry.map { _ in StyledText(EntryText.count(words)) } ?? StyledText()
        case .body: return StyledText()
        }
    }

    // MARK: - Actions

    /// Shows the raw text instead of the rendered Markdown, or back.
    func toggleMarkdown() {
        showsRawText.toggle()
    }

    /// Edits the entry in the editor.
    func edit() {
        guard state.entry != nil else { return environment.flow.showMessage(state.problem ?? "No entry") }
        editing.editEntry(id: summary.id)
    }

    /// Stars or unstars the entry (an ordinary update: see ``EntryStarring``).
    func toggleStar() {
        guard let entry = state.entry else { return environment.flow.showMessage(state.problem ?? "No entry") }
        starring.toggle(entry.summary)
    }

    /// Deletes the entry (after asking, if the preferences say so), then leaves.
    func delete() {
        guard let entry = state.entry else { return environment.flow.showMessage(state.problem ?? "No entry") }
        deletion.delete(entry.summary) { [weak self] in self?.leaveDeletedEntry() }
    }

    /// Performs the storyboard's `entryDeleted` segue; without one the scene stays, saying the entry is gone.
    private func leaveDeletedEntry() {
        do {
            try context.performSegue(EntriesStoryboardContract.entryDeletedSegue)
        } catch {
            // Not an error for the user: the scene already says the entry no longer exists.
        }
    }

    /// The row as drawn: links marked, then a search's words.
    private func decorate(_ row: StyledText) -> StyledText {
        if !drewSelectedLink, links.showsSelectedLink(row.plainText) { drewSelectedLink = true }
        let linked = links.decorate(row, theme: environment.theme)
        return searchMark?(linked) ?? linked
    }

    // MARK: - Changes

    func entriesDidChange(_ change: EntriesChange) {
        switch change {
        case .saved(let entry, _) where entry.id == summary.id:
            show(.loaded(entry))
        case .deleted(let entry) where entry.id == summary.id:
            show(.missing)
        case .outside:
            show(.load(id: summary.id, from: environment.repository))
        case .saved, .deleted:
            reloadLinks()  // another entry: a link may lead somewhere else now
        case .preferences, .focus:
            break
        }
    }

    private func show(_ newState: EntryLoadState) {
        state = newState
        if let entry = newState.entry {
            summary = entry.summary
            bodyView.text = entry.body.isEmpty ? "" : entry.body
            renderedView.text = bodyView.text
            words = summary.words
        }
        reloadLinks()
    }
}
