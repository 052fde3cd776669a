import AppShell
import EntryUI

/// An entry's title as the details show it: wrapped by words to the width rather than cut, on at most
/// `maximumRows` rows so the body keeps room; a title longer than that ends its last row with "…"
/// (`Buffer.put(line:)` cuts the rest of the title there).
enum WrappedTitle {
    /// The most of a title ever wrapped: a hostile 10 MB title costs no more than this to draw.
    static let maximumBytes = 8_192

    static func rows(_ title: String, width: Int, maximumRows: Int) -> [String] {
        let maximumRows = max(1, maximumRows)
        let text = EntryText.rowPrefix(title, maximumLength: maximumBytes)
        let isCut = text.utf8.count < title.utf8.count
        let ranges = TextWrapper.rows(of: text[...], width: max(1, width), limit: maximumRows + 1)
        guard ranges.count > maximumRows || isCut else { return ranges.map { String(text[$0]) } }
        var rows = ranges.prefix(maximumRows - 1).map { String(text[$0]) }
        // The rest, too long for the row: drawn up to the width with "…" at its end.
        let rest = String(text[ranges[min(maximumRows, ranges.count) - 1].lowerBound...])
        rows.append(ranges.count > maximumRows ? rest : rest + String(repeating: " ", count: max(1, width)) + "…")
        return rows
    }
}
