import AppShell
import EntryModel

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
    let searchInput: LineInput
    let editing: EntryEditSession
    let deletion: EntryDeletion
    /// The search being typed or kept, if any.
    var search: ActiveSearch?
    /// Set when entries changed while a search was shown: the full list reloads when it comes back.
    var browserIsStale = false
    /// Why the list could not be read, shown in place of the rows.
    var loadError: String?
    /// The day the list is filtered to (the Journal picked it), named in the footer.
    var dayFilter: CivilDay?
    /// The selection and filter before the day filter, restored when Esc clears it.
    var beforeDayFilter: (selection: EntrySummary?, filter: EntryFilter)?

    /// A search in progress (`isTyping`) or kept after Enter.
    struct ActiveSearch {
        var query: String
        var isTyping: Bool
        /// The full list's selection when the search began, restored when it ends.
        var selectionBefore: EntrySummary?
        var indexBefore: Int?
    }

    /// How many matches a search shows at most, best first.
    static let searchLimit = 200

    init(context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.identifier = context.identifier
        self.environment = environment
        let formatter = EntryRowFormatter(environment: environment)
        self.formatter = formatter
        self.browser = EntryListDataSource(
            repository: environment.repository, order: environment.preferences.sortOrder,
            makeRow: { formatter.row(for: $0) })
        self.searchResults = EntrySearchResults(makeRow: { formatter.row(for: $0) })
        self.listView = ListView(dataSource: browser, theme: environment.theme)
        self.searchInput = LineInput(prompt: "/ ", placeholder: "search", theme: environment.theme)
        self.editing = EntryEditSession(environment: environment)
        self.deletion = EntryDeletion(environment: environment)
        browser.onError = { [weak self] error in self?.readFailed(error) }
        configureSearchInput()
        environment.addObserver(self)
        reloadBrowser(keeping: nil)
    }

    // MARK: - Selection

    /// The rows shown now: the search results while a search has text, else the full (filtered) list.
    var showsSearchResults: Bool { !(search?.query.isEmpty ?? true) }

    /// The selected entry, offered to segues (nil when the list is empty).
    var selectedSummary: EntrySummary? {
        guard let index = listView.selectedIndex else { return nil }
        return showsSearchResults ? searchResults.summary(at: index) : browser.summary(at: index)
    }

    var isCapturingText: Bool { search?.isTyping ?? false }

    /// The entries of the rows the list is about to draw (`rows` high, from its first row on screen).
    private func visibleSummaries(rows: Int) -> [EntrySummary] {
        let start = listView.scrollOffset
        let end = min(listView.dataSource.count, start + max(0, rows))
        guard start < end else { return [] }
        return (start..<end).compactMap { showsSearchResults ? searchResults.summary(at: $0) : browser.summary(at: $0) }
    }

    // MARK: - Scene

    func sceneWillAppear() {
        formatter.clearCache()  // relative dates move on while the user is elsewhere
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let footerHeight = area.height >= 2 || isCapturingText ? 1 : 0
        let rows = Rect(x: area.x, y: area.y, width: area.width, height: area.height - footerHeight)
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
        if search != nil {
            endSearch()
            return true
        }
        if browser.filter.tag != nil {
            clearTagFilter()
            return true
        }
        if browser.filter.created != nil {
            clearDayFilter()
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
        if search != nil || browser.filter.tag != nil || browser.filter.created != nil { help.append(KeyHelp(key: "esc", summary: "clear filter")) }
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
        let count = searchResults.count
        return searchResults.hasMore ? "\(EntryText.count(count))+ matches" : EntryText.plural(count, "match", "matches")
    }

    /// "12 matches"; when more entries match than a search keeps, "the first 200 matches", or with a
    /// tag filter "12 of the first 200 matches".
    private var matchCountText: String {
        let count = searchResults.count
        guard searchResults.hasMore else { return EntryText.plural(count, "match", "matches") }
        let kept = EntryText.plural(Self.searchLimit, "match", "matches")
        return count == Self.searchLimit ? "the first \(kept)" : "\(EntryText.count(count)) of the first \(kept)"
    }

    /// "1,204 of 1,000,000", "12 matches for “foo” · 3 of 12", "the first 200 matches for “the” · 3 of
    /// 200", "tagged “work” · 3 of 40".
    var footerText: String {
        if let loadError { return loadError }
        let count = listView.dataSource.count
        var parts: [String] = []
        if let search, !search.query.isEmpty {
            parts.append("\(matchCountText) for \(EntryText.quoted(search.query))")
        }
        if let tag = browser.filter.tag { parts.append("tagged \(EntryText.quoted(tag))") }
        if browser.filter.created != nil, let day = dayFilter { parts.append("on \(EntryText.day(day))") }
        var footer = parts.joined(separator: " ")
        if let index = listView.selectedIndex {
            footer += (footer.isEmpty ? "" : " · ") + EntryText.position(index, of: count)
        }
        return footer
    }

    private var emptyText: String {
        if let loadError { return loadError }
        if isWaitingForMoreLetters { return "Type another letter…" }
        if let search, !search.query.isEmpty { return "No matches for \(EntryText.quoted(search.query))." }
        if let tag = browser.filter.tag { return "No entries tagged \(EntryText.quoted(tag))." }
        if browser.filter.created != nil, let day = dayFilter { return "No entries on \(EntryText.day(day))." }
        guard let key = environment.keyName(boundTo: EntriesStoryboardContract.Action.add, inScene: identifier) else {
            return "No entries yet."
        }
        return "No entries yet. Press \(key) to add one."
    }

    // MARK: - Actions

    /// Adds an entry in the editor; the list selects it once saved.
    func add() {
        editing.addEntry()
    }

    /// Edits the selected entry in the editor.
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
