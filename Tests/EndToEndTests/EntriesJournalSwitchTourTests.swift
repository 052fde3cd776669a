import Foundation
import PostgreSQLTesting
import XCTest

// Only with the PostgreSQL client (the package trait of that name, on by default).
#if PostgreSQL
/// Switching journals in the real app under tmux, between an SQLite journal and a PostgreSQL one
/// and back: after each switch every screen (the list, the details, search, tags, the Calendar,
/// Settings) shows the new journal's entries and none of the old one's, the header names it, each
/// journal keeps its own sort order, and the live view follows the journal on screen.
final class EntriesJournalSwitchTourTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    /// The PostgreSQL journal's entries: titles that share the word `notes` with the tour's, so that
    /// a search for it in one journal would show the other's if they were mixed.
    static let teamEntries: [(title: String, body: String, day: Int)] = [
        ("Roadmap notes", "Body of roadmap.", 1),
        ("Budget notes", "Body of budget.", 2),
        ("Hiring notes", "Body of hiring.", 3),
    ]
    static let teamNewestFirst = ["Hiring notes", "Budget notes", "Roadmap notes"]

    func testSwitchingBetweenSQLiteAndPostgreSQLShowsOnlyTheOpenJournalOnEveryScreen() throws {
        let server = try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })
        let tour = try EntriesTourFixture(width: 120, height: 40)
        fixture = tour
        let team = try server.makeDatabase()
        try tour.importRecords(
            Self.teamEntries.map { entry in
                [
                    "title": entry.title, "body": entry.body, "tags": ["team"],
                    "createdAt": String(format: "2024-03-%02dT09:00:00.000Z", entry.day),
                ]
            }, into: team)
        // The tour's file is also `database:`, the default: it is listed once, as `home`.
        let home = try writeConfig(
            in: tour,
            """
            database: \(tour.database)
            journals:
              home: \(tour.database)
              team: \(team)
            """)
        try tour.launch(
            command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) "
                + "XDG_DATA_HOME=\(EntriesTourFixture.quoted(tour.directory.path)) "
                + "VISUAL=\(EntriesTourFixture.quoted(tour.editorScript.path)) \(EntriesTourFixture.quoted(tour.binary))"
        )
        try assertEveryScreenShows(
            journal: "home", titles: EntriesTourFixture.newestFirst, tag: "tour", body: "Body of mango.",
            in: tour)

        let picker = try tour.press("o", until: "the journals with their counts") {
            $0.contains("5 entries") && $0.contains("3 entries")
        }
        let rows = picker.split(separator: "\n").filter { $0.contains(" entries  ") }
        XCTAssertEqual(rows.count, 2, "home and team, `default` not listed again:\n\(picker)")
        XCTAssertTrue(picker.contains("│* home  sqlite      5 entries  \(tour.database)"), picker)
        XCTAssertTrue(picker.contains("│  team  postgresql  3 entries  postgresql://"), picker)
        try tour.tmux.press("j")
        try tour.press("Enter", until: "the PostgreSQL journal") {
            EntriesTourFixture.header(of: $0) == "team › Entries"
        }
        try assertEveryScreenShows(
            journal: "team", titles: Self.teamNewestFirst, tag: "team", body: "Body of hiring.", in: tour)

        // The team's own sort order, chosen in its Settings: oldest first.
        try tour.press("s", until: "Settings") { $0.contains("‹ Newest first ›") }
        try tour.press("Right", until: "oldest first chosen") { $0.contains("‹ Oldest first ›") }
        try tour.press("Escape", until: "the list oldest first") {
            EntriesTourFixture.header(of: $0) == "team › Entries"
                && EntriesTourFixture.order(of: Self.teamNewestFirst, in: $0) == Self.teamNewestFirst.reversed()
        }

        // Another person writes to the journal on screen: it shows by itself (LISTEN/NOTIFY).
        try tour.runEntries(["add", "--title", "Offsite notes", "--date", "2024-03-04"], database: team)
        try tour.waitForFrame("the team's new entry") { $0.contains("Offsite notes") && $0.contains(" of 4") }

        // And back to SQLite: nothing of the team's remains, and home kept its own order.
        try tour.press("o", until: "the journals again") { $0.contains("┌ Journals") && $0.contains("4 entries") }
        try tour.tmux.press("k")
        try tour.press("Enter", until: "the SQLite journal") { EntriesTourFixture.header(of: $0) == "home › Entries" }
        try assertEveryScreenShows(
            journal: "home", titles: EntriesTourFixture.newestFirst, tag: "tour", body: "Body of mango.",
            in: tour, hidden: Self.teamNewestFirst + ["Offsite notes"])
        // The live view left the team's database: its writes no longer reach this screen, home's do.
        try tour.runEntries(["add", "--title", "Second offsite notes", "--date", "2024-03-05"], database: team)
        try tour.runEntries(["add", "--title", "Kitchen notes", "--date", "2024-01-06"])
        let live = try tour.waitForFrame("home's new entry") { $0.contains("Kitchen notes") && $0.contains(" of 6") }
        XCTAssertFalse(live.contains("ffsite notes"), live)

        // And to the team again: its order and every entry written meanwhile.
        try tour.press("o", until: "the journals again") { $0.contains("┌ Journals") && $0.contains("5 entries") }
        try tour.tmux.press("j")
        let again = try tour.press("Enter", until: "the team again") {
            EntriesTourFixture.header(of: $0) == "team › Entries" && $0.contains(" of 5")
        }
        XCTAssertEqual(
            EntriesTourFixture.order(
                of: Self.teamNewestFirst + ["Offsite notes", "Second offsite notes"], in: again),
            ["Roadmap notes", "Budget notes", "Hiring notes", "Offsite notes", "Second offsite notes"])
        XCTAssertFalse(again.contains("Kitchen notes"), again)
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }

    /// The list, the details of the first entry, a search for `notes`, the tags and the Calendar
    /// (its tag statistics) show `journal`'s entries (`titles`, newest first; `tag`; the first
    /// entry's `body`) and none of the other journal's `hidden` titles or tag.
    private func assertEveryScreenShows(
        journal: String, titles: [String], tag: String, body: String, in tour: EntriesTourFixture,
        hidden: [String]? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let others =
            hidden ?? (journal == "home" ? Self.teamNewestFirst : EntriesTourFixture.newestFirst)
        let otherTag = tag == "tour" ? "team" : "tour"
        func assertNothingOfTheOther(_ screen: String, _ what: String) {
            for title in others {
                XCTAssertFalse(screen.contains(title), "\(what): \(title)\n\(screen)", file: file, line: line)
            }
        }
        let list = try tour.waitForFrame("the list of \(journal)", file: file, line: line) {
            EntriesTourFixture.header(of: $0) == "\(journal) › Entries" && $0.contains("1 of \(titles.count)")
        }
        XCTAssertEqual(EntriesTourFixture.order(of: titles, in: list), titles, list, file: file, line: line)
        assertNothingOfTheOther(list, "the list")

        let details = try tour.press("Enter", until: "the details", file: file, line: line) {
            EntriesTourFixture.header(of: $0) == "\(journal) › Entries › Details" && $0.contains(body)
        }
        assertNothingOfTheOther(details, "the details")
        try tour.press("Escape", until: "the list", file: file, line: line) {
            EntriesTourFixture.header(of: $0) == "\(journal) › Entries"
        }

        try tour.press("/", until: "the search line", file: file, line: line) { $0.contains("esc clear search") }
        try tour.tmux.press("-l", "notes")
        let found = try tour.waitForFrame("every entry found", file: file, line: line) {
            $0.contains("\(titles.count) matches")
        }
        XCTAssertEqual(Set(EntriesTourFixture.order(of: titles, in: found)), Set(titles), found, file: file, line: line)
        assertNothingOfTheOther(found, "the search")
        try tour.press("Escape", until: "the list", file: file, line: line) { $0.contains("1 of \(titles.count)") }

        let tags = try tour.press("t", until: "the tags", file: file, line: line) { $0.contains("┌ Filter by tag") }
        XCTAssertTrue(tags.contains("│  \(tag) "), tags, file: file, line: line)
        XCTAssertFalse(tags.contains(" \(otherTag) "), tags, file: file, line: line)
        try tour.press("Escape", until: "the list", file: file, line: line) { !$0.contains("┌ Filter by tag") }

        let calendar = try tour.press("c", until: "the Calendar", file: file, line: line) {
            $0.contains("Most used tags") && $0.contains("Current streak")
        }
        XCTAssertTrue(calendar.contains(" \(tag) \(titles.count) "), calendar, file: file, line: line)
        XCTAssertFalse(calendar.contains(" \(otherTag) "), calendar, file: file, line: line)
        try tour.press("Escape", until: "the list", file: file, line: line) { !$0.contains("Most used tags") }
    }

    private func writeConfig(in tour: EntriesTourFixture, _ text: String) throws -> URL {
        let home = tour.directory.appendingPathComponent("xdg", isDirectory: true)
        let folder = home.appendingPathComponent("entries", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        return home
    }
}
#endif
