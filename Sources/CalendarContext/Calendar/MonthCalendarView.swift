import AppShell
import EntryModel

/// Draws a month: its name, the weekday names and one row per week, each day four columns wide
/// (` 23 `). A day with entries is shaded (``DayShade``), today is bold and underlined, the selected
/// day is in the selection style.
struct MonthCalendarView {
    let grid: MonthGrid
    let counts: [CivilDay: Int]
    let selected: CivilDay
    let today: CivilDay
    let usesColor: Bool
    let theme: Theme
    /// False when the row under the month's name is taken by something else (its row is left empty).
    var showsWeekdayNames = true

    /// Columns a day takes, and the calendar's width.
    static let cellWidth = 4
    static let width = cellWidth * 7
    /// Rows the calendar takes at most: the month's name, the weekday names, six weeks.
    static let maxHeight = 8

    var height: Int { 2 + grid.weeks.count }

    func render(into buffer: inout Buffer, at origin: Point, clip: Rect) {
        buffer.put(
            line: CalendarNames.month(grid.first), at: origin, width: Self.width,
            style: Style(attributes: .bold), alignment: .center, clip: clip)
        if showsWeekdayNames {
            let names = grid.weekdayNames.map { " \($0) " }.joined()
            buffer.put(
                line: names, at: Point(x: origin.x, y: origin.y + 1), width: Self.width, style: theme.dim, clip: clip)
        }
        let busiest = counts.values.max() ?? 0
        for (row, week) in grid.weeks.enumerated() {
            for (column, day) in week.enumerated() {
                guard let day else { continue }
                let point = Point(x: origin.x + column * Self.cellWidth, y: origin.y + 2 + row)
                renderDay(
                    day, shade: DayShade(count: counts[day] ?? 0, busiest: busiest), into: &buffer, at: point,
                    clip: clip)
            }
        }
    }

    private func renderDay(_ day: CivilDay, shade: DayShade, into buffer: inout Buffer, at point: Point, clip: Rect) {
        let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
        var style = usesColor ? shade.style : .plain
        if day == today { style.attributes.formUnion([.bold, .underline]) }
        if day == selected { style = theme.selection.merging(attributes: style.attributes) }
        let trailing = usesColor ? " " : String(shade.character)
        buffer.put(line: " " + number + trailing, at: point, width: Self.cellWidth, style: style, clip: clip)
    }
}

private extension Style {
    /// This style with `attributes` added (the selection keeps today's underline).
    func merging(attributes extra: Style.Attributes) -> Style {
        var style = self
        style.attributes.formUnion(extra)
        return style
    }
}
