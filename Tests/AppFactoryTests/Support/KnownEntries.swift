import EntryModel
import SQLiteStore
import Foundation

/// The entries every test starts with, with fixed creation dates so orders are known.
enum KnownEntries {
    /// 1 January 2026, 12:00 UTC, plus `day` days (noon, so the local date is the same nearly everywhere).
    static func date(day: Int) -> Date {
        Date(timeIntervalSince1970: 1_767_268_800 + Double(day) * 86_400)
    }

    /// How the list shows an entry's date in the default (short) style, in the local time zone: the
    /// app formats with the system's zone, and so does this.
    static func shortDate(day: Int) -> String {
        DateStyle.short.format(date(day: day))
    }

    /// Four entries whose newest-first and title orders differ.
    static let drafts = [
        EntryDraft(
            title: "Banana bread", body: "Flour, bananas, butter.", moreDetails: "From grandma's notebook.",
            tags: ["food"], createdAt: date(day: 2), updatedAt: date(day: 2)),
        EntryDraft(
            title: "Apple pie", body: "Apples and pastry.", tags: ["food", "sweet"],
            createdAt: date(day: 10), updatedAt: date(day: 10)),
        EntryDraft(
            title: "Carrot notes", body: "Sow in March.", tags: ["garden"],
            createdAt: date(day: 5), updatedAt: date(day: 5)),
        EntryDraft(title: "Daily walk", body: "Around the lake.", createdAt: date(day: 20), updatedAt: date(day: 20)),
    ]

    /// The titles newest first.
    static let newestFirst = ["Daily walk", "Apple pie", "Carrot notes", "Banana bread"]
    /// The titles oldest first.
    static let oldestFirst = ["Banana bread", "Carrot notes", "Apple pie", "Daily walk"]

    /// The title of the entry tests insert through another connection.
    static let writtenElsewhere = "Written elsewhere"

    /// Every title a list row may start with in these tests.
    static var allTitles: [String] { drafts.map(\.title) + [writtenElsewhere] }

    /// Creates the database at `path` with the known entries, and closes it.
    static func seed(at path: String) throws {
        let database = try EntryDatabase(path: path)
        try database.entries.insert(contentsOf: drafts, progress: nil)
        try database.close()
    }
}
