import AppShell
import EntryModel
import EntryUI

/// Every entry, one row each (title, date, tags) in the preferred order, with a footer giving the
/// position ("1,204 of 1,000,000"). Rows come from the repository a keyset page at a time
/// (`EntryListDataSource`), so the list is as quick at a million entries as at ten.
///
/// Its actions (bound to keys by the storyboard): `search` opens a search line that narrows the list
/// as you type, `add`, `edit` and `delete`. It offers the selected entry to segues and accepts a `tag`
/// returned to it (from the tag picker) as its filter. Esc ends a search, then a tag filter.
@MainActor
final class EntryListScene: TextInputScene, EntriesObserver {
    let title: String
    /// The scene's storyboard identifier, to name the keys its bindings use in hints.
    let identifier: String
    let environment: EntriesEnvironment
    let listView: ListView
    let browser: EntryListDataSource
    let searchResults: EntrySearchResults
    let formatter: EntryRowFormatter
    /// The selected entry beside the list on wide terminals, once `togglePreview` shows it (off at
    /// first, for now: the list's screens elsewhere stay as they were while the scene is reworked).
    let preview: EntryPreviewPane
    private(set) var showsPreview = false
    let searchInput: LineInput
    let editing: EntryEditSession
    let deletion: EntryDeletion
    let starring: EntryStarring
    /// What the list shows: browsing, typing a search, kept results, filtered (one value, see
    /// `EntryListState`).
    var state = EntryListState()
    /// Numbers the searches asked for, so that one superseded while queued never reaches the store.
    let searchRequests = LatestRequest()

    /// How many matches a search shows at most, best first.
    static let searchLimit = 200

    init(context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.identifier = context.identifier
        self.environment = environment
        let formatter = EntryRowFormatter(
            theme: environment.theme, preferences: { [unowned environment] in environment.preferences },
            format: { [unowned environment] in environment.format($0) })
        self.formatter = formatter
        self.browser = EntryListDataSource(
            repository: environment.repository, order: environment.preferences.sortOrder, loader: environment.loader,
            makeRow: { formatter.row(for: $0) })
        self.searchResults = EntrySearchResults(makeRow: { formatter.row(for: $0) })
        self.listView = ListView(dataSource: browser, theme: environment.theme)
        self.searchInput = LineInput(prompt: "/ ", placeholder: "search", theme: environment.theme)
        self.editing = EntryEditSession(environment: environment)
        self.deletion = EntryDeletion(environment: environment)
        self.starring = EntryStarring(environment: environment)
        self.preview = EntryPreviewPane(environment: environment)
        browser.onError = { [weak self] error in self?.readFailed(error) }
        browser.placeholderStyle = environment.theme.dim
        browser.onRowsChanged = { [weak self] countChanged in
            guard let self, countChanged, !self.showsSearchResults else { return }
            self.listView.reload()
        }
        listView.selectionDidChange = { [weak self] _ in self?.prefetchVisibleRows() }
        configureSearchInput()
        environment.addObserver(self)
        reloadBrowser(keeping: nil)
    }

    // MARK: - Selection

    /// The rows shown now: the search results while a search has text, else the full (filtered) list.
    var showsSearchResults: Bool { state.showsSearchResults }

    /// The selected entry, offered to segues (nil when the list is empty).
    var selectedSummary: EntrySummary? {
        guard let index = listView.selectedIndex else { return nil }
        return showsSearchResults ? searchResults.summary(at: index) : browser.summaryReadingNow(at: index)
    }

    var isCapturingText: Bool { state.isCapturingText }

    /// The entries of the rows the list is about to draw (`rows` high, from its first row on screen)
    /// that are in memory: drawing reads nothing.
    private func visibleSummaries(rows: Int) -> [EntrySummary] {
        let start = listView.scrollOffset
        let end = min(listView.dataSource.count, start + max(0, rows))
        guard start < end else { return [] }
        return showsSearchResults ? (start..<end).compactMap { searchResults.summary(at: $0) } : browser.loadedSummaries(in: start..<end)
    }

    /// Asks for the rows a screen either side of the selection (each read brings a page): called when the
    /// selection or the rows change, never while drawing.
    func prefetchVisibleRows() {
        guard !showsSearchResults else { return }
        browser.prefetch(around: listView.selectedIndex ?? listView.scrollOffset, margin: listView.visibleRowCount)
    }

    // MARK: - Scene

    func sceneWillAppear() {
        formatter.clearCache()  // relative dates move on while the user is elsewhere
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let footerHeight = area.height >= 2 || isCapturingText ? 1 : 0
        var rows = Rect(x: area.x, y: area.y, width: area.width, height: area.height - footerHeight)
        if showsPreview, let pane = preview.area(in: rows) {
            rows = Rect(x: rows.x, y: rows.y, width: rows.width - pane.width, height: rows.height)
            preview.render(selectedSummary, into: &buffer, area: pane)
        }
        formatter.measureTags(of: visibleSummaries(rows: rows.height))
        listView.columns = formatter.columns(width: rows.width, spacing: listView.columnSpacing)
        listView.emptyText = emptyText
        listView.render(into: &buffer, area: rows)
        if footerHeight == 1 {
            renderFooter(into: &buffer, area: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1))
        }
    }

    func handle(_ key: Key) -> Bool {
        if isCapturingText { return handleTyping(key) }
        if listView.handle(key) { return true }
        guard key == .escape else { return false }
        if state.activeSearch != nil {
            endSearch()
            return true
        }
        if state.day != nil {
            clearDayFilter()
            return true
        }
        if state.filter != .all {
            clearTagFilter()
            return true
        }
        return false
    }

    var keyHelp: [KeyHelp] {
        if isCapturingText {
            return [
                KeyHelp(key: "enter", summary: "keep results"), KeyHelp(key: "esc", summary: "clear search"),
                KeyHelp(key: "up", summary: "previous"), KeyHelp(key: "down", summary: "next"),
            ]
        }
        // Moving is the storyboard's (its keys are listed from there); Esc is the scene's own here.
        var help: [KeyHelp] = []
        if state.hasSomethingToClear { help.append(KeyHelp(key: "esc", summary: "clear filter")) }
        return help
    }

    // MARK: - Footer and empty state

    private func renderFooter(into buffer: inout Buffer, area: Rect) {
        if isCapturingText {
            let status = showsSearchResults && !isWaitingForMoreLetters ? shortMatchCountText : ""
            let statusWidth = min(status.displayWidth + 2, area.width / 3)
            let inputArea = Rect(x: area.x, y: area.y, width: area.width - statusWidth, height: 1)
            searchInput.render(into: &buffer, area: inputArea)
            buffer.put(line: status, at: Point(x: inputArea.maxX, y: area.y), width: statusWidth,
                       style: environment.theme.dim, alignment: .trailing)
            return
        }
        buffer.put(line: footerText, at: Point(x: area.x, y: area.y), width: area.width, style: environment.theme.dim)
    }

    /// "12 matches", or "200+ matches" when more entries match than a search keeps (beside the search
    /// line, where room is short).
    private var shortMatchCountText: String {
        if state.pendingQuery != nil { return "searching…" }
        let count = searchResults.count
        return searchResults.hasMore ? "\(EntryText.count(count))+ matches" : EntryText.plural(count, "match", "matches")
    }

    /// "12 matches"; when more entries match than a search keeps, "the first 200 matches", or with a
    /// tag filter "12 of the first 200 matches".
    private var matchCountText: String {
        if state.pendingQuery != nil { return "searching…" }
        let count = searchResults.count
        guard searchResults.hasMore else { return EntryText.plural(count, "match", "matches") }
        let kept = EntryText.plural(Self.searchLimit, "match", "matches")
        return count == Self.searchLimit ? "the first \(kept)" : "\(EntryText.count(count)) of the first \(kept)"
    }

    /// "1,204 of 1,000,000", "12 matches for “foo” · 3 of 12", "the first 200 matches for “the” · 3 of
    /// 200", "tagged “work” · 3 of 40".
    var footerText: String {
        if let loadError = state.loadError { return loadError }
        // A slow store: the rows so far stay; the footer says more are coming.
        if browser.isReloading && !showsSearchResults { return "Loading…" }
        let count = listView.dataSource.count
        var parts: [String] = []
        if let search = state.activeSearch, !search.query.isEmpty {
            parts.append("\(matchCountText) for \(EntryText.quoted(search.query))")
        }
        if let marks = marksFilterText { parts.append(marks) }
        if state.filter.created != nil, let day = state.day { parts.append("on \(EntryText.day(day))") }
        var footer = parts.joined(separator: " ")
        if let index = listView.selectedIndex {
            footer += (footer.isEmpty ? "" : " · ") + EntryText.position(index, of: count)
        }
        return footer
    }

    private var emptyText: String {
        if let loadError = state.loadError { return loadError }
        if browser.isReloading && !showsSearchResults { return "Loading…" }
        if state.pendingQuery != nil { return "Searching…" }
        if isWaitingForMoreLetters { return "Type another letter…" }
        if let search = state.activeSearch, !search.query.isEmpty { return "No matches for \(EntryText.quoted(search.query))." }
        if state.filter.created != nil, let day = state.day { return "No entries on \(EntryText.day(day))." }
        if let marks = marksFilterText { return "No entries \(marks)." }
        guard let key = environment.keyName(boundTo: EntriesStoryboardContract.Action.add, inScene: identifier) else {
            return "No entries yet."
        }
        return "No entries yet. Press \(key) to add one."
    }

    // MARK: - Actions

    /// Adds an entry in the editor; the list selects it once saved.
    func add() {
        // Filtered by tags (all of them), a new entry starts with them.
        editing.addEntry(tags: state.filter.tagMatch == .all || state.filter.tags.count == 1 ? state.filter.tags : [])
    }

    /// Edits the selected entry in the editor.
    /// Shows or hides the preview of the selected entry beside the list.
    func togglePreview() {
        showsPreview.toggle()
    }

    func edit() {
        guard let selected = selectedSummary else { return environment.flow.showMessage("No entry selected") }
        editing.editEntry(id: selected.id)
    }

    /// Deletes the selected entry (after asking, if the preferences say so).
    func delete() {
        guard let selected = selectedSummary else { return environment.flow.showMessage("No entry selected") }
        deletion.delete(selected)
    }

    private func readFailed(_ error: any Error) {
        environment.flow.showError(error)
    }
}
