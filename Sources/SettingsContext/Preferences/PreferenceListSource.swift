import AppShell
import EntryStore

/// The rows of the preferences list as the list widget asks for them: name, current value between
/// cycling arrows, and a dim detail (the date format's live example). A value, remade after each change.
struct PreferenceListSource: ListDataSource {
    let rows: [PreferenceRow]
    let preferences: Preferences
    let dates: DateDisplay
    let theme: Theme

    var count: Int { rows.count }

    func row(at index: Int) -> ListRow {
        let row = rows[index]
        return ListRow(columns: [
            StyledText(row.name),
            StyledText("‹ \(row.valueText(preferences)) ›"),
            StyledText(row.detail(preferences, dates), style: theme.dim),
        ])
    }

    /// The columns for a list `width` wide: the names keep up to 22 columns but never more than half.
    static func columns(width: Int) -> [ListColumn] {
        [
            ListColumn(.fixed(min(22, max(1, width / 2)))),
            ListColumn(.fixed(20)),
            ListColumn(.flexible(minimum: 0)),
        ]
    }
}
