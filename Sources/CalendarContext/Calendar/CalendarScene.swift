import AppShell
import EntryModel
import EntryUI

/// The Calendar: a month calendar shaded by entries per day, with the streaks, entries per month and
/// most used tags beside it (below it on a narrow terminal, or only the streaks when rows are
/// short), and under the month the entries written on the selected day in earlier years ("On this
/// day": on a narrow terminal before the statistics; one line when rows are short). Its actions move the selected day by day, week, month and year, go to today, and pick the
/// day (the flow then shows that day's entries).
///
/// The bars of entries per month show the twelve months ending with this month while the month shown
/// is one of them, and the twelve ending with the month shown when it is older (or later).
///
/// Reads happen when the shown month changes (one ``EntryRepository/dayCounts(in:timeZone:)`` of at
/// most 31 days, and one of a year when the bars' months change), when the selected day changes ("On
/// this day") and once per presentation for the statistics; rendering reads nothing. Only the month's
/// counts are read before the first frame (they are cheap, and the footer's number is theirs): the
/// statistics, the bars and "On this day" go through the environment's `EntryLoader`, off the main
/// thread in the app, and fill in when they arrive. Until then their place says so (`Reading…`), never
/// a number or an empty list that could be taken for the answer; an answer for a day or month the user
/// has left is dropped.
@MainActor
final class CalendarScene: Scene {
    let title: String
    private let environment: CalendarEnvironment
    private(set) var selected: CivilDay
    private var grid: MonthGrid
    private var counts: [CivilDay: Int] = [:]
    private var statistics: JournalStatistics?
    /// True from the statistics' read until its answer (or failure) arrives.
    private var readingStatistics = false
    /// The bars' months, oldest first, and the month they end with.
    private var months: [JournalStatistics.MonthCount] = []
    private var monthsEnd: CivilDay?
    /// The month whose bars are being read (nil when none is): the bars wait for it.
    private var monthsWanted: CivilDay?
    private var loadError: String?
    /// The entries written on the selected day's month and day, in its year and every year before,
    /// newest first (at most ``onThisDayLimit``), and the one Tab moved to.
    private(set) var onThisDay: [EntrySummary] = []
    private(set) var onThisDayIndex: Int?
    /// The day ``onThisDay`` answers; while it is not the selected day, its read is under way.
    private var onThisDayOf: CivilDay?
    /// Numbers the reads of "On this day", so that a read queued behind newer ones (a held arrow key)
    /// skips the store and its answer is dropped.
    private let onThisDayRequests = LatestRequest()
    private let monthsRequests = LatestRequest()
    nonisolated static let onThisDayLimit = 50

    init(title: String, environment: CalendarEnvironment) {
        self.title = title
        self.environment = environment
        let day = environment.lastDay ?? environment.today
        selected = day
        grid = MonthGrid(containing: day, firstWeekday: environment.preferences.firstWeekday)
        loadMonth()
        loadStatisticsAndOnThisDay()
        loadMonths()
    }

    /// Whether "On this day" still waits for the selected day's entries.
    var isReadingOnThisDay: Bool { onThisDayOf != selected }

    /// Whether the statistics (or the bars of the month shown) are still being read.
    var isReadingStatistics: Bool { readingStatistics || monthsWanted != nil }

    // MARK: - Actions

    /// Moves the selection by `days` (a week is seven), loading the month it lands in.
    func move(days: Int) {
        select(selected.advanced(by: Int64(days)))
    }

    /// Moves to the same day `months` months on (or that month's last day).
    func move(months: Int) {
        select(selected.addingMonths(months))
    }

    func goToToday() {
        select(environment.today)
    }

    /// Hands the selected day to the flow, which shows its entries.
    func pickDay() {
        environment.lastDay = selected
        environment.flow.showEntries(on: selected)
    }

    /// Moves the highlight through the entries on this day (wrapping around).
    func moveOnThisDay(by step: Int) {
        guard !isReadingOnThisDay, !onThisDay.isEmpty else { return }
        let count = onThisDay.count
        guard let index = onThisDayIndex else {
            onThisDayIndex = step > 0 ? 0 : count - 1
            return
        }
        onThisDayIndex = ((index + step) % count + count) % count
    }

    /// Shows the highlighted entry on this day (the newest when none is) in the list of its day.
    func openOnThisDay() {
        let index = onThisDayIndex ?? 0
        guard !isReadingOnThisDay, onThisDay.indices.contains(index) else { return }
        let entry = onThisDay[index]
        environment.lastDay = selected
        environment.flow.showEntry(entry, on: CivilDay(entry.createdAt, in: environment.timeZone))
    }

    private func select(_ day: CivilDay) {
        let dayChanged = day != selected
        selected = day
        environment.lastDay = day
        if dayChanged { loadOnThisDay() }
        let weekStart = environment.preferences.firstWeekday
        if day.firstOfMonth != grid.first || weekStart != grid.firstWeekday {
            grid = MonthGrid(containing: day, firstWeekday: weekStart)
            loadMonth()
            loadMonths()
        }
    }

    private func loadMonth() {
        do {
            let days = try environment.repository.dayCounts(in: grid.days, timeZone: environment.timeZone)
            counts = Dictionary(days.map { ($0.day, $0.count) }, uniquingKeysWith: +)
            loadError = nil
        } catch {
            counts = [:]
            loadError = "Could not read the entries: \(error)"
            environment.flow.showError(error)
        }
    }

    /// The twelve months the bars show: those ending with this month while the month shown is among
    /// them (the statistics read them already), else those ending with the month shown.
    /// The month the bars end with: this month while the month shown is one of the twelve ending with
    /// it, else the month shown.
    private var barsEnd: CivilDay {
        let thisMonth = environment.today.firstOfMonth
        let shown = grid.first
        return shown <= thisMonth && shown >= thisMonth.addingMonths(-11) ? thisMonth : shown
    }

    private func loadMonths() {
        let end = barsEnd
        if end == monthsEnd {
            // Back on the bars shown: a read for other months is not wanted any more.
            if monthsWanted != nil { _ = monthsRequests.next() }
            monthsWanted = nil
            return
        }
        if end == environment.today.firstOfMonth {
            // The statistics bring this month's bars; until they arrive, their read stands for them.
            if monthsWanted != nil { _ = monthsRequests.next() }
            monthsWanted = nil
            if let statistics {
                months = statistics.months
                monthsEnd = end
            }
            return
        }
        guard end != monthsWanted else { return }
        monthsWanted = end
        let number = monthsRequests.next()
        let (repository, timeZone, requests) = (environment.repository, environment.timeZone, monthsRequests)
        environment.loader.load(
            {
                guard requests.isLatest(number) else { throw SupersededRead() }
                return try repository.monthCounts(twelveEndingWith: end, timeZone: timeZone)
            },
            then: { [weak self] result in
                guard let self, requests.isLatest(number) else { return }
                self.monthsWanted = nil
                switch result {
                case .success(let counts):
                    self.months = counts
                    self.monthsEnd = end
                case .failure(let error):
                    self.months = []
                    self.monthsEnd = nil
                    self.loadError = "Could not read the entries: \(error)"
                }
            })
    }

    /// One seek per year on the creation index (``EntryRepository/entriesOnThisDay(_:timeZone:filter:order:limit:)``).
    private func loadOnThisDay() {
        onThisDayIndex = nil
        let day = selected
        let number = onThisDayRequests.next()
        let (repository, timeZone, requests) = (environment.repository, environment.timeZone, onThisDayRequests)
        environment.loader.load(
            {
                guard requests.isLatest(number) else { throw SupersededRead() }
                return try repository.entriesOnThisDay(day, timeZone: timeZone, limit: Self.onThisDayLimit)
            },
            then: { [weak self] result in self?.deliverOnThisDay(result, of: day, request: number) })
    }

    /// The statistics and "On this day" of the day the Calendar opens on, in one read: one answer and
    /// one frame more after the first, not two.
    private func loadStatisticsAndOnThisDay() {
        readingStatistics = true
        let day = selected
        let number = onThisDayRequests.next()
        let (repository, timeZone, today, requests) = (
            environment.repository, environment.timeZone, environment.today, onThisDayRequests
        )
        environment.loader.load(
            {
                let statistics = Result { try repository.journalStatistics(today: today, timeZone: timeZone) }
                // The user may have moved to another day while the statistics were read.
                let onThisDay = Result {
                    guard requests.isLatest(number) else { throw SupersededRead() }
                    return try repository.entriesOnThisDay(day, timeZone: timeZone, limit: Self.onThisDayLimit)
                }
                return (statistics, onThisDay)
            },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let (statistics, onThisDay)):
                    self.deliverStatistics(statistics, today: today)
                    self.deliverOnThisDay(onThisDay, of: day, request: number)
                case .failure(let error):
                    self.deliverStatistics(.failure(error), today: today)
                    self.deliverOnThisDay(.failure(error), of: day, request: number)
                }
            })
    }

    /// "On this day" of `day`, unless a newer request was made since.
    private func deliverOnThisDay(_ result: Result<[EntrySummary], any Error>, of day: CivilDay, request: Int) {
        guard onThisDayRequests.isLatest(request) else { return }
        onThisDayOf = day
        onThisDayIndex = nil
        switch result {
        case .success(let entries):
            onThisDay = entries
        case .failure(let error):
            onThisDay = []
            loadError = "Could not read the entries: \(error)"
        }
    }

    private func deliverStatistics(_ result: Result<JournalStatistics, any Error>, today: CivilDay) {
        readingStatistics = false
        switch result {
        case .success(let statistics):
            self.statistics = statistics
            // This month's bars come with them, if they are the ones to show now.
            if barsEnd == today.firstOfMonth {
                months = statistics.months
                monthsEnd = today.firstOfMonth
            }
        case .failure(let error):
            statistics = nil
            loadError = "Could not read the entries: \(error)"
        }
    }

    // MARK: - Scene

    func sceneWillAppear() {
        // The week's first day may have changed in Settings meanwhile.
        if environment.preferences.firstWeekday != grid.firstWeekday { select(selected) }
    }

    func handle(_ key: Key) -> Bool { false }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        // No row under the month (a 40×12 terminal holds a six-week month and nothing else): "On this
        // day" takes the weekday names' row, which says less than it.
        let height = 2 + grid.weeks.count
        let weekdayNames = isReadingOnThisDay || onThisDay.isEmpty || area.height > height
        let calendar = MonthCalendarView(
            grid: grid, counts: counts, selected: selected, today: environment.today,
            usesColor: environment.usesColor, theme: environment.theme, showsWeekdayNames: weekdayNames)
        // The footer names the day and its count; on a screen too short for it and every week, the
        // weeks come first (the selection still shows the day).
        let footerHeight = area.height > calendar.height ? 1 : 0
        let body = Rect(x: area.x, y: area.y, width: area.width, height: area.height - footerHeight)
        let margin = area.width > MonthCalendarView.width + 2 ? 1 : 0
        calendar.render(into: &buffer, at: Point(x: body.x + margin, y: body.y), clip: body)
        // While the bars of another year are read, they say so rather than show the last year's.
        let view = statistics.map {
            StatisticsView(
                statistics: $0, months: monthsWanted == nil ? months : nil, shownMonth: grid.first,
                theme: environment.theme)
        }
        let besideX = body.x + margin + MonthCalendarView.width + Self.besideGap
        let beside = body.maxX - besideX >= Self.besidePanelWidth
        if beside, let view { renderStatistics(view, besideAt: besideX, in: body, into: &buffer) }
        if beside, view == nil, readingStatistics {
            buffer.put(
                line: Self.readingStatisticsText, at: Point(x: besideX, y: body.y), width: body.maxX - besideX - 1,
                style: environment.theme.dim)
        }
        // Under the month: "On this day" first (it is the selected day's, and what Tab and `o` act
        // on), then the statistics when they are not beside the month, in the rows left.
        let below = body.y + calendar.height + 1
        let width = beside ? MonthCalendarView.width : min(body.maxX - body.x - margin, Self.belowWidth)
        // Below, the statistics keep the rows of their streaks (and the blank row before them).
        let reserved = !beside && (view != nil || readingStatistics) ? 3 : 0
        let used = renderOnThisDay(
            at: below, in: body, margin: margin, width: width, reserving: reserved, into: &buffer)
        let statisticsTop = used == 0 ? below : below + used + 1
        if !beside, let view {
            renderStatistics(view, below: statisticsTop, in: body, margin: margin, into: &buffer)
        }
        if !beside, view == nil, readingStatistics, statisticsTop < body.maxY {
            buffer.put(
                line: Self.readingStatisticsText, at: Point(x: body.x + margin, y: statisticsTop),
                width: body.width - margin, style: environment.theme.dim)
        }
        if footerHeight == 1 {
            buffer.put(
                line: footerText, at: Point(x: area.x + margin, y: area.maxY - 1), width: area.width - margin,
                style: environment.theme.dim)
        }
    }

    /// Where the statistics go while they are read: said, so that no number stands in for them.
    static let readingStatisticsText = "Reading the statistics…"
    /// Where "On this day" goes while the selected day's entries are read.
    static let readingOnThisDayText = "On this day: reading…"

    /// Columns between the month and the statistics beside it.
    private static let besideGap = 4
    /// The narrowest panel of statistics put beside the month; narrower, they go below it.
    private static let besidePanelWidth = 24
    /// The widest the lines below the month are drawn.
    private static let belowWidth = 40

    /// Beside the calendar: every line that fits in the rows of the body.
    private func renderStatistics(_ view: StatisticsView, besideAt x: Int, in body: Rect, into buffer: inout Buffer) {
        // The streaks may use the whole width (the bars stop at `StatisticsView.barsWidth`).
        let width = body.maxX - x - 1
        for (row, line) in view.lines(width: width, rows: body.height).enumerated() {
            buffer.put(line: line, at: Point(x: x, y: body.y + row), width: width)
        }
    }

    /// Below the calendar, from row `top`: every line that fits, or the streaks alone on one line.
    private func renderStatistics(
        _ view: StatisticsView, below top: Int, in body: Rect, margin: Int, into buffer: inout Buffer
    ) {
        let width = body.width - margin
        guard top < body.maxY, width > 0 else { return }
        for (row, line) in view.lines(width: min(width, Self.belowWidth), rows: body.maxY - top).enumerated() {
            buffer.put(line: line, at: Point(x: body.x + margin, y: top + row), width: width)
        }
    }

    /// "On this day" from row `top` (under the month, after a blank row) and a line per entry
    /// (`2024  Title`), as many as fit leaving `reserved` rows (at least one entry), the highlighted
    /// one kept in view. With room for less than the
    /// heading and one entry, one line in the blank row instead: `On this day 2/3: 2024  Title`, the
    /// highlighted entry (or the newest), so that Tab and `o` still show what they act on; without
    /// that row, the line takes the weekday names' row. Nothing when no year has an entry on this day.
    /// Returns the rows used from `top`.
    private func renderOnThisDay(
        at top: Int, in body: Rect, margin: Int, width: Int, reserving reserved: Int, into buffer: inout Buffer
    ) -> Int {
        let x = body.x + margin
        if isReadingOnThisDay {
            // One line where the heading goes, else in the blank row under the month.
            guard width > 0 else { return 0 }
            let row = top < body.maxY ? top : top - 1
            guard row < body.maxY else { return 0 }
            buffer.put(
                line: Self.readingOnThisDayText, at: Point(x: x, y: row), width: width, style: environment.theme.dim)
            return row == top ? 1 : 0
        }
        guard !onThisDay.isEmpty, width > 0 else { return 0 }
        let room = body.maxY - top - 1
        let rows = room > 0 ? max(1, room - reserved) : room
        guard rows > 0 else {
            // The blank row under the month, if the body has it; else the weekday names' row (the
            // month's name and its weeks stay).
            let row = top - 1 < body.maxY ? top - 1 : body.y + 1
            guard row < body.maxY else { return 0 }
            let index = onThisDayIndex ?? 0
            let count = onThisDay.count > 1 ? " \(index + 1)/\(onThisDay.count)" : ""
            let style = onThisDayIndex == nil ? Style(attributes: .bold) : environment.theme.selection
            buffer.put(
                line: "On this day\(count): " + line(onThisDay[index]), at: Point(x: x, y: row), width: width,
                style: style)
            return 0
        }
        buffer.put(line: "On this day", at: Point(x: x, y: top), width: width, style: Style(attributes: .bold))
        let first = max(0, (onThisDayIndex ?? 0) - rows + 1)
        let shown = first..<min(onThisDay.count, first + rows)
        for (row, index) in shown.enumerated() {
            let style = index == onThisDayIndex ? environment.theme.selection : .plain
            buffer.put(line: line(onThisDay[index]), at: Point(x: x, y: top + 1 + row), width: width, style: style)
        }
        return 1 + shown.count
    }

    /// `2024  Title`: an entry on this day, by its year.
    private func line(_ entry: EntrySummary) -> String {
        "\(CivilDay(entry.createdAt, in: environment.timeZone).year)  " + entry.title
    }

    /// `Mon 23 Nov 2026 · 3 entries`, or why the entries could not be read.
    var footerText: String {
        if let loadError { return loadError }
        let count = counts[selected] ?? 0
        return CalendarNames.short(selected) + " · "
            + (count == 0 ? "no entries" : count == 1 ? "1 entry" : "\(count) entries")
    }
}
