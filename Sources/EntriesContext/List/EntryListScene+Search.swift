import AppShell
import EntryModel

/// Searching and filtering the list: the search line narrows the rows as you type (ranked matches from
/// the repository), Enter keeps them, Esc goes back to the full list and its selection. A tag filter
/// narrows the full list (and the matches) to the entries carrying one tag.
extension EntryListScene {
    func configureSearchInput() {
        searchInput.onChange = { [weak self] text in self?.searchTextChanged(text) }
        searchInput.onSubmit = { [weak self] _ in self?.keepSearch() }
        searchInput.onCancel = { [weak self] in self?.endSearch() }
        searchInput.maximumLength = Self.searchLengthLimit
        searchInput.onLimitReached = { [weak self] _ in
            self?.environment.flow.showMessage("Search cut to \(Self.searchLengthLimit) characters")
        }
    }

    /// The longest search, in characters: a few dozen words is already more than any query needs, and
    /// a 72 KB paste stays a short query (and a quick search) instead of a frozen app.
    static let searchLengthLimit = 256

    /// True while the query being typed ends in a one-letter word and nothing matches: the store
    /// searches such a word whole (every word starting with one letter would be most of the index), so
    /// the next letter may well find something, and "no matches" would say too much.
    var isWaitingForMoreLetters: Bool {
        guard let search, search.isTyping, searchResults.count == 0,
              let last = search.query.last, !last.isWhitespace else { return false }
        let lastWord = search.query.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).last
        return lastWord?.count == 1
    }

    /// Opens the search line (again, with the kept query, when a search is shown).
    func beginSearch() {
        if var active = search {
            active.isTyping = true
            search = active
            searchInput.text = active.query
        } else {
            search = ActiveSearch(query: "", isTyping: true, selectionBefore: selectedSummary, indexBefore: listView.selectedIndex)
            searchInput.text = ""
        }
    }

    /// Keys while the search line is open: up/down and paging move in the matches, the rest edit the text.
    func handleTyping(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .pageUp, .pageDown:
            _ = listView.handle(key)
        default:
            _ = searchInput.handle(key)
        }
        return true  // a search line takes every key, so typing never triggers anything else
    }

    private func searchTextChanged(_ text: String) {
        guard var active = search else { return }
        active.query = text
        search = active
        runSearch(selecting: nil)
    }

    /// Enter: the matches stay (the footer says what they are); an empty search is no search.
    private func keepSearch() {
        guard var active = search else { return }
        guard !active.query.trimmingCharacters(in: .whitespaces).isEmpty else { return endSearch() }
        active.isTyping = false
        search = active
    }

    /// Back to the full list, with the selection it had before the search.
    func endSearch() {
        guard let active = search else { return }
        search = nil
        listView.dataSource = browser
        if browserIsStale {
            reloadBrowserKeepingSelection(active.selectionBefore)
        } else {
            listView.reload()
            if let index = active.indexBefore { listView.select(index) }
        }
    }

    /// Fills the matches for the current query (filtered by the tag, if any) and selects
    /// `selectedID`'s row, else the best match.
    func runSearch(selecting selectedID: Int64?) {
        guard let active = search else { return }
        guard !active.query.trimmingCharacters(in: .whitespaces).isEmpty else {
            listView.dataSource = browser
            listView.reload()
            if let index = active.indexBefore { listView.select(index) }
            return
        }
        do {
            // One more than shown tells whether there are more than the best `searchLimit`.
            var matches = try environment.repository.search(active.query, limit: Self.searchLimit + 1)
            searchResults.hasMore = matches.count > Self.searchLimit
            matches = Array(matches.prefix(Self.searchLimit))
            if let tag = browser.filter.tag { matches = matches.filter { $0.tags.contains(tag) } }
            searchResults.results = matches
        } catch {
            // A half-typed query may not be searchable yet ("\""): keep the previous matches.
            environment.flow.showError(error)
        }
        listView.dataSource = searchResults
        listView.reload()
        let index = selectedID.flatMap { id in searchResults.results.firstIndex { $0.id == id } } ?? 0
        listView.select(index)
    }

    // MARK: - Tag filter

    /// Shows only the entries tagged `tag`, keeping the selection when it carries the tag.
    func applyTagFilter(_ tag: String) {
        let selected = selectedSummary
        reloadBrowser(
            keeping: selected.flatMap { $0.tags.contains(tag) ? $0 : nil },
            filter: EntryFilter(tag: tag, created: browser.filter.created))
        if search != nil { runSearch(selecting: selected?.id) }
    }

    /// Shows every entry again, keeping the selection.
    func clearTagFilter() {
        let selected = selectedSummary
        reloadBrowser(keeping: selected, filter: EntryFilter(created: browser.filter.created))
        if search != nil { runSearch(selecting: selected?.id) }
    }
}
