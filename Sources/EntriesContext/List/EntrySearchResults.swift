import AppShell
import EntryModel

/// The rows of a search: a short ranked list (the repository returns at most a few hundred matches),
/// kept whole in memory.
@MainActor
final class EntrySearchResults: ListDataSource {
    private let makeRow: (EntrySummary) -> ListRow
    var results: [EntrySummary] = []
    /// True when the search found more entries than it keeps: `results` are the first of them (in
    /// the search's order), then narrowed to the tag filter, if any.
    var hasMore = false

    init(makeRow: @escaping (EntrySummary) -> ListRow) {
        self.makeRow = makeRow
    }

    var count: Int { results.count }

    func row(at index: Int) -> ListRow {
        results.indices.contains(index) ? makeRow(results[index]) : ListRow("…")
    }

    func summary(at index: Int) -> EntrySummary? {
        results.indices.contains(index) ? results[index] : nil
    }
}
