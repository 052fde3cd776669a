import AppFactory
import AppShell
import AppShellTesting
import XCTest

/// With several journals, the header names the one open, before every title path.
final class AppJournalNameHeaderTests: XCTestCase {
    func testTheHeaderNamesTheJournal() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 80, height: 24), journalName: "work")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "work › Entries")
            try app.press("c")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "work › Entries › Calendar")
        }
    }

    func testWithoutANameTheHeaderIsAsBefore() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(databasePath: directory.databasePath, size: Size(width: 80, height: 24))
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "Entries")
        }
    }
}
