import AppShell
import EntryModel

/// Keeping the list up to date: reloading with a sensible selection after the entries, the order or
/// the data outside changed.
extension EntryListScene {
    func entriesDidChange(_ change: EntriesChange) {
        switch change {
        case .preferences(let old):
            formatter.clearCache()
            guard old.sortOrder != environment.preferences.sortOrder else { return }
            if showsSearchResults {
                state.fullListIsStale = true  // matches keep their ranking; the full list reorders when it is back
            } else {
                reloadBrowser(keeping: selectedSummary)
            }
        case .saved(let entry, let isNew):
            saved(entry, isNew: isNew)
        case .deleted(let entry):
            if showsSearchResults {
                let index = listView.selectedIndex
                searchResults.results.removeAll { $0.id == entry.id }
                listView.reload()
                if let index { listView.select(index) }
                state.fullListIsStale = true
            } else {
                reloadBrowser(keeping: entry, isListed: false)
            }
        case .outside:
            if showsSearchResults {
                runSearch(selecting: selectedSummary?.id)
                state.fullListIsStale = true
            } else {
                reloadBrowserKeepingSelection(selectedSummary)
            }
        case .focus(let entry):
            if showsSearchResults {
                if let index = searchResults.results.firstIndex(where: { $0.id == entry.id }) { listView.select(index) }
            } else {
                reloadBrowserKeepingSelection(entry)
            }
        }
    }

    /// Filters the list to the entries created on `day`, ending a search; the selection and filter
    /// before the first day filter are kept for Esc (``clearDayFilter()``).
    func showDay(_ day: CivilDay) {
        if state.activeSearch != nil { endSearch() }
        if state.filter.created == nil {
            state.beforeDay = EntryListState.BeforeDay(selection: selectedSummary, filter: state.filter)
        }
        state.day = day
        reloadBrowser(keeping: nil, filter: .day(day, in: environment.timeZone), atFirstRow: true)
    }

    /// Back to the list as it was before the day filter, on the entry that was selected.
    func clearDayFilter() {
        var filter = state.beforeDay?.filter ?? state.filter
        filter.created = nil
        let selection = state.beforeDay?.selection
        state.day = nil
        state.beforeDay = nil
        guard let selection else { return reloadBrowser(keeping: nil, filter: filter) }
        reloadBrowser(keeping: selection, isListed: filter.admitsMarks(of: selection), filter: filter)
    }

    /// A new entry is shown in the full list (leaving a search, and a tag filter it does not pass);
    /// an edited one stays selected where its new title or date puts it.
    private func saved(_ entry: Entry, isNew: Bool) {
        if isNew {
            _ = state.endSearch()
            listView.dataSource = browser
            reloadBrowser(keeping: entry.summary, filter: browser.admits(entry) ? state.filter : .all)
        } else if showsSearchResults {
            if let index = searchResults.results.firstIndex(where: { $0.id == entry.id }) {
                searchResults.results[index] = entry.summary
            }
            state.fullListIsStale = true
        } else {
            reloadBrowser(keeping: entry.summary, isListed: browser.admits(entry))
        }
    }

    /// Reloads the full list, selecting `entry` as it is now in the repository, or the row that took
    /// its place when it is gone or filtered out.
    func reloadBrowserKeepingSelection(_ entry: EntrySummary?) {
        guard let entry else { return reloadBrowser(keeping: nil) }
        do {
            if let current = try environment.repository.entry(id: entry.id) {
                reloadBrowser(keeping: current.summary, isListed: browser.admits(current))
            } else {
                reloadBrowser(keeping: entry, isListed: false)
            }
        } catch {
            showLoadError(error)
        }
    }

    /// Re-reads the full list (in the preferred order, with `filter` or the current one) and selects
    /// `anchor`'s row: the anchor itself when `isListed`, else the row that now follows where it was
    /// (the previous one at the end); without an anchor, the first row when `atFirstRow` (a new filter:
    /// the old row number means nothing in the new list), else the same row number. While matches are
    /// shown they stay on screen.
    func reloadBrowser(
        keeping anchor: EntrySummary?, isListed: Bool = true, filter: EntryFilter? = nil, atFirstRow: Bool = false
    ) {
        if let filter { state.filter = filter }
        browser.reload(
            order: environment.preferences.sortOrder, filter: state.filter, keeping: anchor, isListed: isListed
        ) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let target):
                self.state.loadError = nil
                self.state.fullListIsStale = false
                guard !self.showsSearchResults else { return }
                self.listView.reload()
                if let target { self.listView.select(target) } else if atFirstRow { self.listView.select(0) }
                self.prefetchVisibleRows()
            case .failure(let error):
                self.showLoadError(error)
            }
        }
    }

    private func showLoadError(_ error: any Error) {
        state.loadError = "Could not read the entries: \(error)"
        environment.flow.showError(error)
        if !showsSearchResults { listView.reload() }
    }
}
