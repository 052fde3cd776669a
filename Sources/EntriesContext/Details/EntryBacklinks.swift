import AppShell
import EntryModel
import Foundation

/// The entries whose text links to an entry (``EntryRepository/backlinks(to:)``), newest first, and
/// the one selected, as the more details show them.
struct EntryBacklinks {
    private(set) var entries: [EntrySummary] = []
    private(set) var selected: Int?
    /// Why they could not be read, if they could not.
    private(set) var problem: String?

    init() {}

    /// Reads them; the selection stays on the same entry when it still links here.
    init(of id: Int64, keeping previous: EntryBacklinks? = nil, repository: any EntryRepository) {
        do {
            entries = try repository.backlinks(to: id)
        } catch {
            problem = "Could not read the entries linking here: \(error)"
        }
        if let kept = previous?.selectedEntry { selected = entries.firstIndex { $0.id == kept.id } }
    }

    var selectedEntry: EntrySummary? { selected.map { entries[$0] } }

    mutating func selectNext() {
        guard !entries.isEmpty else { return }
        selected = selected.map { ($0 + 1) % entries.count } ?? 0
    }

    mutating func selectPrevious() {
        guard !entries.isEmpty else { return }
        selected = selected.map { ($0 + entries.count - 1) % entries.count } ?? entries.count - 1
    }

    /// The section of the more details' text: a blank line, a heading, one line per entry (the
    /// selected one marked `›`); titles sanitized here, since each sits on one line of the text.
    /// Nothing when no entry links here.
    func text(format: (Date) -> String) -> String {
        if let problem { return "\n\n" + problem }
        guard !entries.isEmpty else { return "" }
        var lines = ["", "", "Linked from (\(entries.count)):"]
        for (index, entry) in entries.enumerated() {
            let mark = index == selected ? "› " : "  "
            lines.append("\(mark)\(format(entry.createdAt))  \(TextSanitizer.sanitized(entry.title))")
        }
        return lines.joined(separator: "\n")
    }
}
