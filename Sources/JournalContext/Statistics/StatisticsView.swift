import AppShell
import EntryModel

/// The lines beside (or below) the calendar: the streaks, entries per month over the last twelve as
/// bars, and the most used tags. Lines that do not fit are left out from the bottom up.
struct StatisticsView {
    let statistics: JournalStatistics
    let theme: Theme

    /// The sections for a panel `width` columns wide, in the order they are shown beside the
    /// calendar: the streaks, the months, the tags.
    func sections(width: Int) -> (streaks: [StyledText], months: [StyledText], tags: [StyledText]) {
        let bold = Style(attributes: .bold)
        let streaks = [
            StyledText("Current streak  ", style: theme.dim) + StyledText(Self.days(statistics.currentStreak.days), style: bold),
            StyledText("Longest streak  ", style: theme.dim) + StyledText(Self.days(statistics.longestStreak.days), style: bold)
                + StyledText(statistics.longestStreak.lastDay.map { ", to " + CalendarNames.short($0) } ?? "", style: theme.dim),
        ]
        var months = [StyledText("Entries per month", style: bold)]
        let busiest = statistics.months.map(\.count).max() ?? 0
        let countWidth = max(1, String(busiest).count)
        // "Nov 26 ████ 12": label, bar, count.
        let barWidth = max(1, width - 7 - countWidth - 1)
        for month in statistics.months {
            let label = "\(CalendarNames.shortMonth(month.month)) \(String(format: "%02d", month.year % 100)) "
            let length = busiest == 0 ? 0 : (month.count * barWidth + busiest - 1) / busiest
            let bar = String(repeating: "█", count: length) + String(repeating: " ", count: barWidth - length)
            let count = String(repeating: " ", count: countWidth - String(month.count).count) + String(month.count)
            months.append(StyledText(label, style: theme.dim) + StyledText(bar, style: theme.border) + StyledText(" " + count))
        }
        var tags = [StyledText("Most used tags", style: bold)]
        if statistics.topTags.isEmpty { tags.append(StyledText("no tags yet", style: theme.dim)) }
        for tag in statistics.topTags {
            tags.append(StyledText(tag.tag + " ") + StyledText(String(tag.count), style: theme.dim))
        }
        return (streaks, months, tags)
    }

    /// The lines that fit in `rows` rows: the streaks (on one line when two do not fit), then the
    /// most recent months that fit (three at least, with their heading), then the tags if they fit
    /// whole; a blank line between sections.
    func lines(width: Int, rows: Int) -> [StyledText] {
        let sections = sections(width: width)
        guard rows >= 2 else { return rows == 1 ? [summaryLine] : [] }
        var lines = sections.streaks
        let monthRows = min(sections.months.count - 1, rows - lines.count - 2)
        if monthRows >= 3 {
            lines += [StyledText(""), sections.months[0]] + sections.months.suffix(monthRows)
        }
        if lines.count + 1 + sections.tags.count <= rows {
            lines += [StyledText("")] + sections.tags
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
