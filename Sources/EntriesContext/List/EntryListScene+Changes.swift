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
                browserIsStale = true  // matches keep their ranking; the full list reorders when it is back
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
                browserIsStale = true
            } else {
                reloadBrowser(keeping: entry, isListed: false)
            }
        case .outside:
            if showsSearchResults {
                runSearch(selecting: selectedSummary?.id)
                browserIsStale = true
            } else {
                reloadBrowserKeepingSelection(selectedSummary)
            }
        case .day(let day):
            showDay(day)
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
    private func showDay(_ day: CivilDay) {
        if search != nil { endSearch() }
        if browser.filter.created == nil { beforeDayFilter = (selectedSummary, browser.filter) }
        dayFilter = day
        reloadBrowser(keeping: nil, filter: .day(day, in: environment.timeZone))
    }

    /// Back to the list as it was before the day filter, on the entry that was selected.
    func clearDayFilter() {
        let filter = beforeDayFilter?.filter ?? EntryFilter(tag: browser.filter.tag)
        let selection = beforeDayFilter?.selection
        dayFilter = nil
        beforeDayFilter = nil
        guard let selection else { return reloadBrowser(keeping: nil, filter: filter) }
        reloadBrowser(keeping: selection, isListed: filter.tag.map(selection.tags.contains) ?? true, filter: filter)
    }

    /// A new entry is shown in the full list (leaving a search, and a tag filter it does not pass);
    /// an edited one stays selected where its new title or date puts it.
    private func saved(_ entry: Entry, isNew: Bool) {
        if isNew {
            search = nil
            listView.dataSource = browser
            reloadBrowser(keeping: entry.summary, filter: browser.admits(entry) ? browser.filter : .all)
        } else if showsSearchResults {
            if let index = searchResults.results.firstIndex(where: { $0.id == entry.id }) {
                searchResults.results[index] = entry.summary
            }
            browserIsStale = true
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
    /// (the previous one at the end). While matches are shown they stay on screen.
    func reloadBrowser(keeping anchor: EntrySummary?, isListed: Bool = true, filter: EntryFilter? = nil) {
        var target: Int?
        do {
            try browser.reload(order: environment.preferences.sortOrder, filter: filter ?? browser.filter)
            if let anchor { target = try browser.seed(at: anchor, isListed: isListed) }
            loadError = nil
            browserIsStale = false
        } catch {
            showLoadError(error)
        }
        guard !showsSearchResults else { return }
        listView.reload()
        if let target { listView.select(target) }
    }

    private func showLoadError(_ error: any Error) {
        loadError = "Could not read the entries: \(error)"
        environment.flow.showError(error)
        if !showsSearchResults { listView.reload() }
    }
}
