import EntryModel
import Foundation

/// Entries to try the app on: one on this day in each of the last four years, and a few on other days.
enum MemoriesSample {
    static func entries(now: Date) -> [EntryDraft] {
        let year = 365.2425 * 86_400
        let onThisDay = [
            "First day at the new job", "Snow on the hills", "Finished the long book", "A walk with Sam",
        ].enumerated().map { index, title in
            EntryDraft(
                title: title, body: "Written \(index + 1) years ago.", tags: ["memories"],
                createdAt: Calendar.current.date(byAdding: .year, value: -(index + 1), to: now) ?? now)
        }
        let otherDays = (1...5).map { day in
            EntryDraft(title: "An ordinary day", body: "", createdAt: now.addingTimeInterval(-Double(day) * year / 12))
        }
        return onThisDay + otherDays
    }
}
