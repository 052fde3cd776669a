import AppShell
import EntryModel

/// The lines beside (or below) the calendar: the streaks, entries per month over the last twelve as
/// bars, and the most used tags. Lines that do not fit are left out from the bottom up.
struct StatisticsView {
    let statistics: JournalStatistics
    let theme: Theme

    /// The lines for a panel `width` columns wide.
    func lines(width: Int) -> [StyledText] {
        let bold = Style(attributes: .bold)
        var lines: [StyledText] = [
            StyledText("Current streak  ", style: theme.dim) + StyledText(Self.days(statistics.currentStreak.days), style: bold),
            StyledText("Longest streak  ", style: theme.dim) + StyledText(Self.days(statistics.longestStreak.days), style: bold)
                + StyledText(statistics.longestStreak.lastDay.map { ", to " + CalendarNames.short($0) } ?? "", style: theme.dim),
            StyledText(""),
            StyledText("Entries per month", style: bold),
        ]
        let busiest = statistics.months.map(\.count).max() ?? 0
        let countWidth = max(1, String(busiest).count)
        // "Nov 26 ████ 12": label, bar, count.
        let barWidth = max(1, width - 7 - countWidth - 1)
        for month in statistics.months {
            let label = "\(CalendarNames.shortMonth(month.month)) \(String(format: "%02d", month.year % 100)) "
            let length = busiest == 0 ? 0 : (month.count * barWidth + busiest - 1) / busiest
            let bar = String(repeating: "█", count: length) + String(repeating: " ", count: barWidth - length)
            let count = String(repeating: " ", count: countWidth - String(month.count).count) + String(month.count)
            lines.append(StyledText(label, style: theme.dim) + StyledText(bar, style: theme.border) + StyledText(" " + count))
        }
        lines.append(StyledText(""))
        lines.append(StyledText("Most used tags", style: bold))
        if statistics.topTags.isEmpty { lines.append(StyledText("no tags yet", style: theme.dim)) }
        for tag in statistics.topTags {
            lines.append(StyledText(tag.tag + " ") + StyledText(String(tag.count), style: theme.dim))
        }
        return lines
    }

    /// The streaks on one line, for a panel too small for the rest.
    var summaryLine: StyledText {
        StyledText("streak ", style: theme.dim) + StyledText(String(statistics.currentStreak.days), style: Style(attributes: .bold))
            + StyledText(" · longest ", style: theme.dim) + StyledText(String(statistics.longestStreak.days), style: Style(attributes: .bold))
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
