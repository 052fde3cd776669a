import AppShell
import EntryModel

/// The lines beside (or below) the calendar: the streaks, entries per month over twelve months as
/// bars, and the most used tags. Lines that do not fit are left out from the bottom up; a line that is
/// too long is said shorter, never cut.
struct StatisticsView {
    let statistics: JournalStatistics
    /// The months the bars show, oldest first (see `CalendarScene`: those around the month shown);
    /// nil while they are read, and the section then says so.
    let months: [JournalStatistics.MonthCount]?
    /// The month shown in the calendar (any day of it): its label is bold among the bars.
    let shownMonth: CivilDay
    let theme: Theme

    /// The widest the bars are drawn, however wide the panel.
    static let barsWidth = 44

    /// The sections for a panel `width` columns wide, in the order they are shown beside the
    /// calendar: the streaks, the months, the tags.
    func sections(width: Int) -> (streaks: [StyledText], months: [StyledText], tags: [StyledText]) {
        let bold = Style(attributes: .bold)
        let streaks = [
            streakLine(
                label: "Current streak", short: "Current", streak: statistics.currentStreak, showingEnd: false,
                width: width),
            streakLine(
                label: "Longest streak", short: "Longest", streak: statistics.longestStreak, showingEnd: true,
                width: width),
        ]
        var monthLines = [StyledText("Entries per month", style: bold)]
        guard let months else {
            monthLines.append(StyledText("reading…", style: theme.dim))
            return (streaks, monthLines, tagLines(bold: bold))
        }
        let busiest = months.map(\.count).max() ?? 0
        let countWidth = max(1, String(busiest).count)
        // "Nov 26 ████ 12": label, bar, count.
        let barWidth = max(1, min(width, Self.barsWidth) - 7 - countWidth - 1)
        for month in months {
            let label = "\(CalendarNames.shortMonth(month.month)) \(String(format: "%02d", month.year % 100)) "
            let isShown = month.year == shownMonth.year && month.month == shownMonth.month
            let length = busiest == 0 ? 0 : (month.count * barWidth + busiest - 1) / busiest
            let bar = String(repeating: "█", count: length) + String(repeating: " ", count: barWidth - length)
            let count = String(repeating: " ", count: countWidth - String(month.count).count) + String(month.count)
            monthLines.append(
                StyledText(label, style: isShown ? bold : theme.dim) + StyledText(bar, style: theme.border)
                    + StyledText(" " + count))
        }
        return (streaks, monthLines, tagLines(bold: bold))
    }

    private func tagLines(bold: Style) -> [StyledText] {
        var tags = [StyledText("Most used tags", style: bold)]
        if statistics.topTags.isEmpty { tags.append(StyledText("no tags yet", style: theme.dim)) }
        for tag in statistics.topTags {
            tags.append(StyledText(tag.tag + " ") + StyledText(String(tag.count), style: theme.dim))
        }
        return tags
    }

    /// `Longest streak  4350 days, to Sat 28 Nov 2026`, or the longest of its shorter forms that fits
    /// `width` (without the weekday, without the end, with a one-word label), so that no line is cut.
    private func streakLine(
        label: String, short: String, streak: JournalStatistics.Streak, showingEnd: Bool, width: Int
    ) -> StyledText {
        let bold = Style(attributes: .bold)
        let days = Self.days(streak.days)
        var ends: [String] = []
        if showingEnd, let last = streak.lastDay {
            ends = [", to " + CalendarNames.short(last), ", to " + CalendarNames.dayMonthYear(last)]
        }
        let candidates = ends.map { (label + "  ", $0) } + [(label + "  ", ""), (label + " ", ""), (short + " ", "")]
        for (name, end) in candidates where name.count + days.count + end.count <= width {
            return StyledText(name, style: theme.dim) + StyledText(days, style: bold)
                + StyledText(end, style: theme.dim)
        }
        return StyledText(short + " ", style: theme.dim) + StyledText(String(streak.days), style: bold)
    }

    /// The lines that fit in `rows` rows: the streaks (on one line when two do not fit), then the
    /// most recent months that fit (three at least, with their heading), then the tags if they fit
    /// whole; a blank line between sections.
    func lines(width: Int, rows: Int) -> [StyledText] {
        let sections = sections(width: width)
        guard rows >= 2 else { return rows == 1 ? [summaryLine] : [] }
        var lines = sections.streaks
        let monthRows = min(sections.months.count - 1, rows - lines.count - 2)
        // Three months at least, or the one line saying they are being read.
        if monthRows >= (months == nil ? 1 : 3) {
            lines += [StyledText(""), sections.months[0]] + sections.months.suffix(monthRows)
        }
        if lines.count + 1 + sections.tags.count <= rows {
            lines += [StyledText("")] + sections.tags
        }
        return lines
    }

    /// The streaks on one line, for a panel too small for the rest.
    var summaryLine: StyledText {
        StyledText("streak ", style: theme.dim)
            + StyledText(String(statistics.currentStreak.days), style: Style(attributes: .bold))
            + StyledText(" · longest ", style: theme.dim)
            + StyledText(String(statistics.longestStreak.days), style: Style(attributes: .bold))
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }
}
