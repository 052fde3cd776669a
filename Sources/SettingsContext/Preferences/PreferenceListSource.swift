import AppShell
import EntryModel

/// The rows of the preferences list as the list widget asks for them: name, current value between
/// cycling arrows, and a dim detail (the date format's live example). A value, remade after each change.
struct PreferenceListSource: ListDataSource {
    let rows: [PreferenceRow]
    let preferences: Preferences
    let dates: DateDisplay
    let theme: Theme
    /// The columns the value may take, marks included: a longer value is cut inside its marks, so
    /// the closing mark always shows.
    var valueWidth = Int.max

    /// The label column gives way down to this width before values are cut.
    static let minimumLabelWidth = 12
    /// Columns between two list columns (the list's default).
    static let columnSpacing = 2

    var count: Int { rows.count }

    func row(at index: Int) -> ListRow {
        let row = rows[index]
        return ListRow(columns: [
            StyledText(row.name),
            StyledText(Self.marked(row.valueText(preferences), width: valueWidth)),
            StyledText(row.detail(preferences, dates), style: theme.dim),
        ])
    }

    /// The widths of the name and value columns in a list `width` wide: both whole when they fit;
    /// otherwise the names give way first (down to `minimumLabelWidth`), then the values.
    static func columnWidths(width: Int, rows: [PreferenceRow]) -> (label: Int, value: Int) {
        let label = rows.map(\.name.displayWidth).max() ?? 0
        let value = rows.flatMap(\.valueTexts).map { marked($0, width: .max).displayWidth }.max() ?? 0
        let room = max(0, width - columnSpacing)
        if room >= label + value { return (label, value) }
        let shortLabel = min(room, label, max(minimumLabelWidth, room - value))
        return (shortLabel, room - shortLabel)
    }

    /// The columns for a list `width` wide: name, value, and the detail in what is left.
    static func columns(width: Int, rows: [PreferenceRow]) -> [ListColumn] {
        let widths = columnWidths(width: width, rows: rows)
        return [ListColumn(.fixed(widths.label)), ListColumn(.fixed(widths.value)), ListColumn(.flexible(minimum: 0))]
    }

    /// "‹ value ›" in at most `width` columns: the value is cut with "…" so that both marks stay.
    static func marked(_ value: String, width: Int) -> String {
        let room = width - 4  // "‹ " and " ›"
        guard value.displayWidth > room, room >= 1 else { return "‹ \(value) ›" }
        var kept = ""
        var used = 0
        for character in value {
            let characterWidth = String(character).displayWidth
            guard used + characterWidth <= room - 1 else { break }
            kept.append(character)
            used += characterWidth
        }
        return "‹ \(kept)… ›"
    }
}
