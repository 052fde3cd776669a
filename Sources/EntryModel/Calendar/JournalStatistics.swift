import Foundation

/// What the Calendar shows beside its calendar: streaks of days with entries, entries per month over
/// the last year, and the most used tags. Computed from the store's per-day counts and tag counts
/// (``EntryRepository/dayCounts(in:timeZone:)``, ``EntryRepository/tags()``), never from entries.
public struct JournalStatistics: Hashable, Sendable {
    /// A run of consecutive days with at least one entry each.
    public struct Streak: Hashable, Sendable {
        /// How many consecutive days the run covers; 0 for no run.
        public var days: Int
        /// The run's last day (nil for an empty run).
        public var lastDay: CivilDay?

        /// Creates a run of `days` days ending on `lastDay`.
        public init(days: Int, lastDay: CivilDay?) {
            self.days = days
            self.lastDay = lastDay
        }

        /// No run: what a journal without entries has.
        public static let none = Streak(days: 0, lastDay: nil)
    }

    /// Entries created in one month.
    public struct MonthCount: Hashable, Sendable {
        /// The month's year.
        public var year: Int
        /// The month, 1 for January to 12.
        public var month: Int
        /// How many entries were created in the month.
        public var count: Int

        /// Creates the count of `count` entries in `month` of `year`.
        public init(year: Int, month: Int, count: Int) {
            self.year = year
            self.month = month
            self.count = count
        }

        /// The twelve months ending with `day`'s month, oldest first, each counting the entries of
        /// `days` that fall in it (days outside the twelve months are ignored).
        public static func twelve(endingWith day: CivilDay, counting days: [DayCount]) -> [MonthCount] {
            let firstMonth = day.firstOfMonth.addingMonths(-11)
            var months = (0..<12).map { offset in
                let start = firstMonth.addingMonths(offset)
                return MonthCount(year: start.year, month: start.month, count: 0)
            }
            for day in days where day.day >= firstMonth {
                let index = (day.day.year - firstMonth.year) * 12 + day.day.month - firstMonth.month
                if months.indices.contains(index) { months[index].count += day.count }
            }
            return months
        }
    }

    /// The run that reaches today, or yesterday when today has no entry yet (the day is not over).
    public var currentStreak: Streak
    /// The longest run ever (the latest of equally long ones).
    public var longestStreak: Streak
    /// The twelve months ending with today's, oldest first.
    public var months: [MonthCount]
    /// The most used tags, most used first (ties by name).
    public var topTags: [TagCount]

    /// Creates statistics from their parts; ``init(activeDays:recentDays:today:tags:tagLimit:)``
    /// computes them from a store's counts.
    public init(currentStreak: Streak, longestStreak: Streak, months: [MonthCount], topTags: [TagCount]) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.months = months
        self.topTags = topTags
    }

    /// The statistics as seen on `today`: streaks from `activeDays` (the days with entries, in order),
    /// months from `recentDays` (counts per day over at least the last twelve months), and the
    /// `tagLimit` most used of `tags`.
    public init(activeDays: [CivilDay], recentDays: [DayCount], today: CivilDay, tags: [TagCount], tagLimit: Int = 5) {
        var longest = Streak.none
        var run = Streak.none
        for day in activeDays {
            if let last = run.lastDay, last.advanced(by: 1) == day {
                run = Streak(days: run.days + 1, lastDay: day)
            } else {
                run = Streak(days: 1, lastDay: day)
            }
            if run.days >= longest.days { longest = run }
        }
        // The run ending on the last day with entries is current if that day is today or yesterday.
        if let last = run.lastDay, last <= today, last >= today.advanced(by: -1) {
            currentStreak = run
        } else {
            currentStreak = .none
        }
        longestStreak = longest
        months = MonthCount.twelve(endingWith: today, counting: recentDays.filter { $0.day <= today })
        topTags = Array(
            tags.sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }.prefix(max(0, tagLimit)))
    }
}

extension EntryRepository {
    /// The Calendar's statistics on `today` in `timeZone`: the days with entries from the oldest
    /// entry's day to today, the counts per day of the last twelve months, and the tag counts.
    public func journalStatistics(today: CivilDay, timeZone: TimeZone, tagLimit: Int = 5) throws -> JournalStatistics {
        let tags = try tags()
        let firstMonth = today.firstOfMonth.addingMonths(-11)
        guard let oldest = try page(PageRequest(order: .oldest, limit: 1)).first else {
            return JournalStatistics(activeDays: [], recentDays: [], today: today, tags: tags, tagLimit: tagLimit)
        }
        let first = min(CivilDay(oldest.createdAt, in: timeZone), today)
        return JournalStatistics(
            activeDays: try daysWithEntries(in: first...today, timeZone: timeZone),
            recentDays: try dayCounts(in: firstMonth...today, timeZone: timeZone),
            today: today, tags: tags, tagLimit: tagLimit)
    }
}

extension EntryRepository {
    /// The entries per month of the twelve months ending with `day`'s month, oldest first: one
    /// ``dayCounts(in:timeZone:)`` of a year.
    public func monthCounts(twelveEndingWith day: CivilDay, timeZone: TimeZone) throws -> [JournalStatistics.MonthCount]
    {
        let first = day.firstOfMonth.addingMonths(-11)
        let last = day.firstOfMonth.addingMonths(1).advanced(by: -1)
        return JournalStatistics.MonthCount.twelve(
            endingWith: day, counting: try dayCounts(in: first...last, timeZone: timeZone))
    }
}
