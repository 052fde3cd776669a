import Foundation

extension EntryRepository {
    /// "On this day": the entries created on the month and day of `day`, in its year and every year
    /// before that has entries, that `filter` lets through (its creation range is replaced), in
    /// `order`, the first `limit` of that order. February 29 is looked for in leap years only.
    ///
    /// One keyset page per year, from the year of the oldest entry: a seek on the creation index each
    /// (a century of journal is a hundred seeks).
    public func entriesOnThisDay(
        _ day: CivilDay, timeZone: TimeZone, filter: EntryFilter = .all, order: EntrySortOrder = .newest,
        limit: Int = .max
    ) throws -> [EntrySummary] {
        guard limit > 0 else { return [] }
        var unbounded = filter
        unbounded.created = nil
        guard let oldest = try page(PageRequest(order: .oldest, filter: unbounded, limit: 1)).first else { return [] }
        let firstYear = CivilDay(oldest.createdAt, in: timeZone).year
        guard firstYear <= day.year else { return [] }
        // Newest first, the walk can stop at the limit; any other order sorts every match first.
        let wanted = order == .newest ? limit : .max
        var found: [EntrySummary] = []
        for year in (firstYear...day.year).reversed() {
            guard day.day <= CivilCalendar.daysIn(month: day.month, year: year) else { continue }
            let sameDay = CivilDay(year: year, month: day.month, day: day.day)
            var yearFilter = filter
            yearFilter.created = sameDay.instants(in: timeZone)
            var anchor = PageAnchor.start
            while found.count < wanted {
                let page = try page(PageRequest(order: .newest, filter: yearFilter, anchor: anchor, limit: 500))
                found += page.prefix(wanted - found.count)
                guard page.count == 500, let last = page.last else { break }
                anchor = .after(last)
            }
            if found.count >= wanted { break }
        }
        return Array(found.sorted(by: order.displaysBefore).prefix(limit))
    }
}
