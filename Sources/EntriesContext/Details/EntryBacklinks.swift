import AppShell
import EntryModel
import Foundation

/// The entries whose text links to an entry (``EntryRepository/backlinks(to:)``), newest first, and
/// the one selected, as the more details show them. Read a page at a time
/// (`EntryRepository/backlinks(to:after:limit:)`): an entry a thousand others link to shows its
/// first page at once, and the next is read when the selection moves past the last one read.
struct EntryBacklinks {
    private(set) var entries: [EntrySummary] = []
    private(set) var selected: Int?
    /// Whether more entries link here than ``entries`` holds.
    private(set) var hasMore = false
    /// Why they could not be read, if they could not.
    private(set) var problem: String?
    private var id: Int64?
    private let pageSize: Int

    init(pageSize: Int = BacklinkPage.size) {
        self.pageSize = pageSize
    }

    /// Reads the first page (or as many pages as `previous` had read); the selection stays on the
    /// same entry when it still links here.
    init(
        of id: Int64, keeping previous: EntryBacklinks? = nil, repository: any EntryRepository,
        pageSize: Int = BacklinkPage.size
    ) {
        self.id = id
        self.pageSize = pageSize
        let wanted = previous?.id == id ? max(1, previous?.entries.count ?? 0) : 1
        repeat {
            readPage(repository)
        } while problem == nil && hasMore && entries.count < wanted
        if let kept = previous?.selectedEntry { selected = entries.firstIndex { $0.id == kept.id } }
    }

    var selectedEntry: EntrySummary? { selected.map { entries[$0] } }

    /// The next entry; past the last one read, the next page from `repository` when there is one,
    /// else back to the first.
    mutating func selectNext(reading repository: any EntryRepository) {
        guard !entries.isEmpty else { return }
        guard let current = selected else {
            selected = 0
            return
        }
        if current + 1 == entries.count && hasMore { readPage(repository) }
        selected = (current + 1) % entries.count
    }

    mutating func selectPrevious() {
        guard !entries.isEmpty else { return }
        selected = selected.map { ($0 + entries.count - 1) % entries.count } ?? entries.count - 1
    }

    private mutating func readPage(_ repository: any EntryRepository) {
        guard let id else { return }
        do {
            let page = try repository.backlinks(to: id, after: entries.last, limit: pageSize)
            entries += page
            hasMore = page.count == pageSize
        } catch {
            problem = "Could not read the entries linking here: \(error)"
            hasMore = false
        }
    }

    /// The line of ``text(format:)`` that shows the selected entry, counted from its first (the end
    /// of the line it is appended to); nil when none is selected.
    var selectedLine: Int? { selected.map { $0 + 3 } }

    /// The section of the more details' text: a blank line, a heading, one line per entry (the
    /// selected one marked `›`); titles sanitized here, since each sits on one line of the text.
    /// Nothing when no entry links here.
    func text(format: (Date) -> String) -> String {
        if let problem, entries.isEmpty { return "\n\n" + problem }
        guard !entries.isEmpty else { return "" }
        let count = hasMore ? "\(entries.count) and more" : "\(entries.count)"
        var lines = ["", "", "Linked from (\(count)):"]
        for (index, entry) in entries.enumerated() {
            let mark = index == selected ? "› " : "  "
            lines.append("\(mark)\(format(entry.createdAt))  \(TextSanitizer.sanitized(entry.title))")
        }
        if hasMore { lines.append("  … and more: selecting past the last one reads them") }
        if let problem { lines.append(problem) }
        return lines.joined(separator: "\n")
    }
}
