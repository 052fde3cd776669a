import AppShell
import EntryModel
import EntryUI

/// The list's marks: the star of the selected entry, and the filters by star and by tags (one tag,
/// or several, all of them or any of them, as the tag picker returns them).
extension EntryListScene {
    /// Stars or unstars the selected entry (an ordinary update: see ``EntryStarring``).
    func toggleStar() {
        guard let selected = selectedSummary else { return environment.flow.showMessage("No entry selected") }
        starring.toggle(selected)
    }

    /// Shows only starred entries, or every entry again (the other filters stay).
    func toggleStarredFilter() {
        var filter = state.filter
        filter.starred.toggle()
        let selected = selectedSummary
        reloadBrowser(keeping: selected.flatMap { filter.admitsMarks(of: $0) ? $0 : nil }, filter: filter)
        if state.activeSearch != nil { runSearch(selecting: selected?.id) }
    }

    /// Shows only the entries with the tags of `selection` (all or any of them), keeping the selection
    /// when it passes; the star and day filters stay.
    func applyTagFilter(_ selection: TagSelection) {
        guard !selection.tags.isEmpty else { return }
        var filter = state.filter
        filter.tags = selection.tags
        filter.tagMatch = selection.match
        let selected = selectedSummary
        reloadBrowser(keeping: selected.flatMap { filter.admitsMarks(of: $0) ? $0 : nil }, filter: filter)
        if state.activeSearch != nil { runSearch(selecting: selected?.id) }
    }

    /// What the footer says of the marks filter: `starred`, `tagged “a”`, `tagged “a” and “b”`,
    /// `tagged “a” or “b”`; nil without one.
    var marksFilterText: String? {
        var parts: [String] = []
        if state.filter.starred { parts.append("starred") }
        if !state.filter.tags.isEmpty {
            let joiner = state.filter.tagMatch == .any ? " or " : " and "
            parts.append("tagged " + state.filter.tags.map { EntryText.quoted($0) }.joined(separator: joiner))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
