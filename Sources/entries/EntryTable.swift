import EntryModel
import Foundation

/// Prints summaries as an aligned table (`ID  CREATED  TITLE  TAGS`), streaming: column widths come
/// from the first batch of rows, so a million rows never need to be held at once. A starred entry's
/// title starts with `* `.
struct EntryTable {
    /// The widest a title column gets when the output is not a terminal (longer titles are printed
    /// whole, past it).
    static let maximumTitleWidth = 60

    private let dates: DateDisplay
    private let terminalWidth: Int?
    private var idWidth = 0
    private var dateWidth = 16
    private var titleWidth = 0
    private var hasHeader = false
    /// How many rows were printed.
    private(set) var rowCount = 0

    /// - Parameter terminalWidth: the terminal's width when printing to one (titles are cut to fit).
    init(terminalWidth: Int?, dates: DateDisplay = DateDisplay()) {
        self.terminalWidth = terminalWidth
        self.dates = dates
    }

    /// Prints `rows`; the first call fixes the widths and prints the header.
    mutating func print(_ rows: [EntrySummary]) throws {
        guard !rows.isEmpty else { return }
        if !hasHeader {
            fixWidths(for: rows)
            try StandardStreams.writeOutput(line(id: "ID", date: "CREATED", title: "TITLE", tags: "TAGS"))
            hasHeader = true
        }
        var text = ""
        for row in rows {
            let tags = row.tags.map { TerminalText.visible($0) }.joined(separator: ", ")
            text += line(
                id: String(row.id), date: dates.string(from: row.createdAt), title: Self.title(of: row), tags: tags)
        }
        rowCount += rows.count
        try StandardStreams.writeOutput(text)
    }

    private mutating func fixWidths(for rows: [EntrySummary]) {
        idWidth = max(2, rows.map { String($0.id).count }.max() ?? 2)
        dateWidth = max(7, rows.map { dates.string(from: $0.createdAt).count }.max() ?? 16)
        let widest = rows.map { TerminalText.width(Self.title(of: $0)) }.max() ?? 0
        var limit = Self.maximumTitleWidth
        if let terminalWidth {
            // id, date and three gaps of two, and room for a few tags.
            limit = max(10, terminalWidth - idWidth - dateWidth - 6 - 16)
        }
        titleWidth = max(5, min(widest, limit))
    }

    /// The title as the table shows it: visible, after `* ` when starred.
    private static func title(of row: EntrySummary) -> String {
        (row.starred ? "* " : "") + TerminalText.visible(row.title)
    }

    private func line(id: String, date: String, title: String, tags: String) -> String {
        let paddedID = String(repeating: " ", count: max(0, idWidth - id.count)) + id
        // On a terminal a title is cut to fit; elsewhere (a pipe, a file) it is printed whole, and
        // only the columns after a longer one shift.
        let shownTitle =
            terminalWidth == nil && TerminalText.width(title) > titleWidth
            ? title : TerminalText.fitted(title, width: titleWidth)
        let row =
            paddedID + "  " + date.padding(toLength: dateWidth, withPad: " ", startingAt: 0) + "  "
            + shownTitle + "  " + tags
        return row.trimmingTrailingSpaces() + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
