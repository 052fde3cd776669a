import EntryModel

/// What the entry list shows, as one value: the filter narrowing it and the search over it. The
/// scene's keys, footer, empty text and help all read it; its transitions are plain functions, so the
/// modes are tested without a screen.
///
/// ```
/// browsing ──/──▶ typing a search ──enter──▶ showing kept results ──/──▶ typing again
///    ▲                 │ esc                        │ esc
///    └─────────────────┴────────────────────────────┘
/// ```
/// A filter (a tag; the Calendar's day, through `EntryFilter.created`) narrows the full list (a tag
/// the matches too); Esc clears the search first, then the day (back to the list as it was), then
/// the tag.
struct EntryListState: Equatable {
    /// A search typed or kept.
    struct Search: Equatable {
        /// What was typed (possibly empty while typing).
        var query: String
        /// The full list's selection when the search began, restored when it ends.
        var selectionBefore: EntrySummary?
        var indexBefore: Int?
    }

    /// Where the search stands.
    enum SearchPhase: Equatable {
        case none
        /// The search line is open and takes every key.
        case typing(Search)
        /// Enter kept the matches; the list moves in them, `/` opens the line again.
        case kept(Search)
    }

    /// The modes a person sees, named: what the footer, the keys and Esc depend on.
    enum Mode: Equatable {
        case browsing
        case typingSearch(query: String)
        case showingResults(query: String)
        case filteredByTag(String)
        /// Only starred entries (maybe over a tag filter, which is the mode then).
        case filteredByStar
        /// The Calendar picked a day (maybe over a tag filter, which comes back with Esc).
        case filteredByDay(CivilDay)
        /// A date phrase typed after the date filter key ("last week"; over a tag filter, kept by Esc).
        case filteredByDates(String)
        /// The date prompt is open (to filter by a date phrase, or to jump to one).
        case typingDate(DatePrompt)
    }

    /// What the date prompt's phrase is for.
    enum DatePrompt: Equatable {
        /// Filter the list to the entries created within the phrase's span.
        case filter
        /// Select the entry created nearest the phrase's start.
        case jump
    }

    /// What the list was before the day filter: restored when Esc clears it.
    struct BeforeDay: Equatable {
        var selection: EntrySummary?
        var filter: EntryFilter
    }

    /// What narrows the full list and the matches (`.all` for nothing).
    var filter: EntryFilter = .all
    /// The day `filter.created` covers when the Calendar picked one: named in the footer.
    var day: CivilDay?
    /// The list before the day filter, for Esc.
    var beforeDay: BeforeDay?
    var search: SearchPhase = .none
    /// Set when entries changed while matches were shown: the full list reloads when it comes back.
    var fullListIsStale = false
    /// Why the list could not be read, shown in place of the rows.
    var loadError: String?
    /// The query whose matches are being read (a slow store): the count says "searching…" till then.
    var pendingQuery: String?
    /// The date phrase `filter.created` comes from, when typed after the date filter key: in the header.
    var datePhrase: String?
    /// The date prompt, while it is open: it takes every key.
    var datePrompt: DatePrompt?

    /// The mode, most specific first: a search (typed or kept) over a filter is a search.
    var mode: Mode {
        if let datePrompt { return .typingDate(datePrompt) }
        switch search {
        case .typing(let search): return .typingSearch(query: search.query)
        case .kept(let search): return .showingResults(query: search.query)
        case .none: break
        }
        if let day, filter.created != nil { return .filteredByDay(day) }
        if let datePhrase, filter.created != nil { return .filteredByDates(datePhrase) }
        if let tag = filter.tag { return .filteredByTag(tag) }
        if filter.starred { return .filteredByStar }
        return .browsing
    }

    /// The search typed or kept, if any.
    var activeSearch: Search? {
        switch search {
        case .none: return nil
        case .typing(let search), .kept(let search): return search
        }
    }

    /// True while the search line takes every key.
    var isCapturingText: Bool {
        if datePrompt != nil { return true }
        if case .typing = search { return true }
        return false
    }

    /// True while the rows are matches rather than the full list: a search with text.
    var showsSearchResults: Bool { !(activeSearch?.query.isEmpty ?? true) }

    /// True when Esc has something to clear (a search, then a filter).
    var hasSomethingToClear: Bool { activeSearch != nil || filter != .all }

    // MARK: - Transitions

    /// `/`: opens the search line, on the kept query when there is one.
    mutating func beginSearch(selection: EntrySummary?, index: Int?) {
        switch search {
        case .kept(let kept): search = .typing(kept)
        case .typing: break
        case .none: search = .typing(Search(query: "", selectionBefore: selection, indexBefore: index))
        }
    }

    /// A letter typed or removed.
    mutating func searchTextChanged(_ text: String) {
        guard case .typing(var typing) = search else { return }
        typing.query = text
        search = .typing(typing)
    }

    /// Enter on the search line: keeps the matches; false when the query is blank (no search then).
    mutating func keepSearch() -> Bool {
        guard case .typing(let typing) = search else { return false }
        guard !typing.query.trimmingCharacters(in: .whitespaces).isEmpty else { return false }
        search = .kept(typing)
        return true
    }

    /// Ends the search; returns it (for the selection it began with), nil when there was none.
    mutating func endSearch() -> Search? {
        let ended = activeSearch
        search = .none
        pendingQuery = nil
        return ended
    }
}
