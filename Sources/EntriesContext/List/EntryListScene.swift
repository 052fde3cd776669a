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
final class EntryListScene: TextInputScene, EntriesObserver, ThemeAdoptingScene {
    /// The storyboard's title for the list; a date filter adds its phrase to it in the header.
    let baseTitle: String
    var title: String { dateFilterTitle.map { "\(baseTitle) · \($0)" } ?? baseTitle }
    /// The scene's storyboard identifier, to name the keys its bindings use in hints.
    let identifier: String
    let environment: EntriesEnvironment
    let listView: ListView
    let browser: EntryListDataSource
    let searchResults: EntrySearchResults
    let formatter: EntryRowFormatter
    /// The selected entry beside the list on wide terminals (below it on tall ones), from the start
    /// when the layout says so; `togglePreview` shows and hides it.
    let preview: EntryPreviewPane
    private(set) var showsPreview: Bool
    let searchInput: LineInput
    /// The date prompt (filter by, or go to, a date phrase).
    let dateInput: LineInput
    let editing: EntryEditSession
    let deletion: EntryDeletion
    let starring: EntryStarring
    /// What the list shows: browsing, typing a search, kept results, filtered (one value, see
    /// `EntryListState`).
    var state = EntryListState()
    /// Numbers the searches asked for, so that one superseded while queued never reaches the store.
    let searchRequests = LatestRequest()

    init(context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.baseTitle = context.title
        self.identifier = context.identifier
        self.environment = environment
        let formatter = EntryRowFormatter(
            theme: environment.theme, preferences: { [unowned environment] in environment.preferences },
            format: { [unowned environment] in environment.format($0) }, layout: environment.listRowLayout,
            formatInStyle: { [unowned environment] date, style in
                style.format(date, now: environment.now(), timeZone: environment.timeZone)
            })
        self.formatter = formatter
        self.browser = EntryListDataSource(
            repository: environment.repository, order: environment.preferences.sortOrder, loader: environment.loader,
            makeRow: { formatter.row(for: $0) })
        self.searchResults = EntrySearchResults(
            repository: environment.repository, loader: environment.loader,
            makeRow: { formatter.searchRow(for: $0, query: $1, snippet: $2, width: formatter.listWidth) })
        self.listView = ListView(dataSource: browser, theme: environment.theme)
        self.searchInput = LineInput(prompt: "/ ", placeholder: "search", theme: environment.theme)
        self.dateInput = LineInput(
            prompt: "on: ", placeholder: "a date: yesterday, last week, 2024-06", theme: environment.theme)
        self.editing = EntryEditSession(environment: environment)
        self.deletion = EntryDeletion(environment: environment)
        self.starring = EntryStarring(environment: environment)
        self.preview = EntryPreviewPane(environment: environment)
        self.showsPreview = environment.preview.shownAtStart
        browser.onError = { [weak self] error in self?.readFailed(error) }
        browser.placeholderStyle = environment.theme.dim
        browser.onRowsChanged = { [weak self] countChanged in
            guard let self, countChanged, !self.showsSearchResults else { return }
            self.listView.reload()
        }
        listView.selectionDidChange = { [weak self] _ in self?.prefetchVisibleRows() }
        searchResults.onPageLoaded = { [weak self] result in self?.searchPageLoaded(result) }
        configureSearchInput()
        configureDateInput()
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

    /// The selected entry, for a segue; a search's words go with it, for the details to mark.
    func offerSelection() -> EntrySummary? {
        environment.searchHighlight = showsSearchResults ? searchResults.query : nil
        return selectedSummary
    }

    /// The entries of the rows the list is about to draw (`rows` high, from its first row on screen)
    /// that are in memory: drawing reads nothing.
    private func visibleSummaries(rows: Int) -> [EntrySummary] {
        let start = listView.scrollOffset
        let end = min(listView.dataSource.count, start + max(0, rows))
        guard start < end else { return [] }
        return showsSearchResults
            ? (start..<end).compactMap { searchResults.summary(at: $0) } : browser.loadedSummaries(in: start..<end)
    }

    /// Asks for the rows a screen either side of the selection (each read brings a page): called when the
    /// selection or the rows change, never while drawing.
    func prefetchVisibleRows() {
        guard !showsSearchResults else {
            // Matches: the next page once the selection is within two screens of the last loaded.
            return searchResults.loadMoreIfNeeded(
                near: listView.selectedIndex ?? 0, margin: 2 * listView.visibleRowCount)
        }
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
            rows = pane.list
            preview.render(selectedSummary, into: &buffer, area: pane.preview, placement: pane.placement)
        }
        // Matches show their snippet under each title, when a few two-line rows fit.
        listView.rowHeight = showsSearchResults && rows.height >= Self.snippetRowsMinimumHeight ? 2 : 1
        formatter.measureTags(of: visibleSummaries(rows: rows.height / listView.rowHeight))
        formatter.listWidth = rows.width
        listView.columnSpacing = formatter.columnGap
        listView.columns = formatter.columns(width: rows.width)
        // Shown only when there are no rows: not worked out (the storyboard's key looked up) otherwise.
        if listView.dataSource.count == 0 { listView.emptyText = emptyText }
        listView.render(into: &buffer, area: rows)
        if footerHeight == 1 {
            renderFooter(into: &buffer, area: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1))
        }
    }

    func handle(_ key: Key) -> Bool {
        if state.datePrompt != nil {
            _ = dateInput.handle(key)
            return true  // the prompt takes every key, as the search line does
        }
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
        if state.datePhrase != nil {
            clearDateFilter()
            return true
        }
        if state.filter != .all {
            clearTagFilter()
            return true
        }
        return false
    }

    var keyHelp: [KeyHelp] {
        if state.datePrompt != nil {
            return [
                KeyHelp(key: "enter", summary: state.datePrompt == .filter ? "filter" : "go"),
                KeyHelp(key: "esc", summary: "cancel"),
            ]
        }
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
        if state.datePrompt != nil { return dateInput.render(into: &buffer, area: area) }
        if isCapturingText {
            let status = showsSearchResults && !isWaitingForMoreLetters ? shortMatchCountText : ""
            let statusWidth = min(status.displayWidth + 2, area.width / 3)
            let inputArea = Rect(x: area.x, y: area.y, width: area.width - statusWidth, height: 1)
            searchInput.render(into: &buffer, area: inputArea)
            buffer.put(
                line: status, at: Point(x: inputArea.maxX, y: area.y), width: statusWidth,
                style: environment.theme.dim, alignment: .trailing)
            return
        }
        buffer.put(line: footerText, at: Point(x: area.x, y: area.y), width: area.width, style: environment.theme.dim)
    }

    /// Search results need this many rows of list to show a snippet under each title (five
    /// results at 40×12); fewer, and each result is one line.
    static let snippetRowsMinimumHeight = 8

    /// "12 matches", or "300+ matches" while more match than are loaded (the next pages come as the
    /// selection nears the end): counting every match of a common word would cost more than a page.
    private var shortMatchCountText: String { matchCountText }

    private var matchCountText: String {
        if state.pendingQuery != nil { return "searching…" }
        let count = searchResults.count
        return searchResults.hasMore
            ? "\(EntryText.count(count))+ matches" : EntryText.plural(count, "match", "matches")
    }

    /// "1,204 of 1,000,000", "12 matches for “foo” · 3 of 12", "300+ matches for “the” · 3 of 300+",
    /// "tagged “work” · 3 of 40".
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
        if state.filter.created != nil, state.day == nil, let phrase = state.datePhrase {
            parts.append("dated \(EntryText.quoted(phrase, maximumLength: 30))")
        }
        var footer = parts.joined(separator: " ")
        if let index = listView.selectedIndex {
            let more = showsSearchResults && searchResults.hasMore ? "+" : ""
            footer += (footer.isEmpty ? "" : " · ") + EntryText.position(index, of: count) + more
        }
        return footer
    }

    private var emptyText: String {
        if let loadError = state.loadError { return loadError }
        if browser.isReloading && !showsSearchResults { return "Loading…" }
        if state.pendingQuery != nil { return "Searching…" }
        if isWaitingForMoreLetters { return "Type another letter…" }
        if let search = state.activeSearch, !search.query.isEmpty {
            // A query that is not searched at all (too costly, a date that does not read) says why.
            if let refusal = SearchQueryParser.refusal(of: search.query) { return "Not searched: \(refusal)." }
            return "No matches for \(EntryText.quoted(search.query))."
        }
        if state.filter.created != nil, let day = state.day { return "No entries on \(EntryText.day(day))." }
        if state.filter.created != nil, let phrase = state.datePhrase {
            return "No entries dated \(EntryText.quoted(phrase))."
        }
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
    /// Shows or hides the preview of the selected entry beside (or below) the list.
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
