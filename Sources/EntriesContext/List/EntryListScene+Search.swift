import AppShell
import EntryModel
import EntryUI

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
        guard case .typing(let search) = state.search, searchResults.count == 0,
            let last = search.query.last, !last.isWhitespace
        else { return false }
        let lastWord = search.query.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).last
        return lastWord?.count == 1
    }

    /// Opens the search line (again, with the kept query, when a search is shown).
    func beginSearch() {
        state.beginSearch(selection: selectedSummary, index: listView.selectedIndex)
        searchInput.text = state.activeSearch?.query ?? ""
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
        guard state.isCapturingText else { return }
        state.searchTextChanged(text)
        runSearch(selecting: nil)
    }

    /// Enter: the matches stay (the footer says what they are); an empty search is no search.
    private func keepSearch() {
        if !state.keepSearch() { endSearch() }
    }

    /// Back to the full list, with the selection it had before the search.
    func endSearch() {
        guard let active = state.endSearch() else { return }
        listView.dataSource = browser
        if state.fullListIsStale {
            reloadBrowserKeepingSelection(active.selectionBefore)
        } else {
            listView.reload()
            if let index = active.indexBefore { listView.select(index) }
        }
    }

    /// Fills the matches for the current query (filtered by the tag, if any) and selects
    /// `selectedID`'s row, else the best match.
    func runSearch(selecting selectedID: Int64?) {
        guard let active = state.activeSearch else { return }
        guard !active.query.trimmingCharacters(in: .whitespaces).isEmpty else {
            state.pendingQuery = nil
            listView.dataSource = browser
            listView.reload()
            if let index = active.indexBefore { listView.select(index) }
            return
        }
        let request = SearchRequest(query: active.query, filter: state.filter, limit: EntrySearchResults.pageSize)
        let (query, filter, repository) = (active.query, state.filter, environment.repository)
        state.pendingQuery = query
        let (requests, number) = (searchRequests, searchRequests.next())
        environment.loader.load(
            {
                // Still queued behind a slower search when a newer one was asked for: skip the store.
                guard requests.isLatest(number) else { throw SupersededRead() }
                return try EntrySearchResults.readFirstPage(request, from: repository)
            },
            then: { [weak self] result in
                // An answer for a query or filter that is no longer the one shown is dropped.
                guard let self, self.state.activeSearch?.query == query, self.state.filter == filter else { return }
                if case .failure(let error) = result, error is SupersededRead { return }  // a newer one is on its way
                self.state.pendingQuery = nil
                self.showMatches(result, of: request, selecting: selectedID)
            })
    }

    private func showMatches(
        _ result: Result<EntrySearchResults.LoadedPage, any Error>, of request: SearchRequest,
        selecting selectedID: Int64?
    ) {
        switch result {
        case .success(let loaded):
            searchResults.show(loaded, of: request)
        case .failure(let error):
            // A half-typed query may not be searchable yet ("\""): keep the previous matches.
            environment.flow.showError(error)
        }
        listView.dataSource = searchResults
        listView.reload()
        let index = selectedID.flatMap { id in searchResults.results.firstIndex { $0.id == id } } ?? 0
        listView.select(index)
        prefetchVisibleRows()
    }

    /// A further page of matches arrived (or could not be read): the rows and the count change.
    func searchPageLoaded(_ result: Result<Void, any Error>) {
        if case .failure(let error) = result { environment.flow.showError(error) }
        guard showsSearchResults else { return }
        listView.reload()
        prefetchVisibleRows()  // a page that filled little (a fast G) may call for the next at once
    }

    // MARK: - Tag filter

    /// Shows only the entries tagged `tag`, keeping the selection when it carries the tag.
    func applyTagFilter(_ tag: String) {
        applyTagFilter(TagSelection(tags: [tag], match: .all))
    }

    /// Shows every entry again, keeping the selection.
    func clearTagFilter() {
        let selected = selectedSummary
        reloadBrowser(keeping: selected, filter: EntryFilter(created: state.filter.created))
        if state.activeSearch != nil { runSearch(selecting: selected?.id) }
    }
}
