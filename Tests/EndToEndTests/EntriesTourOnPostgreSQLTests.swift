import Foundation
import PostgreSQLTesting
import XCTest

// Only with the PostgreSQL client (the package trait of that name, on by default).
#if PostgreSQL
/// The tour once on PostgreSQL: the real app in tmux on a database of the private server, browsing
/// and search, and another user's entry appearing on the open screen by itself (LISTEN/NOTIFY).
final class EntriesTourOnPostgreSQLTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    func testBrowseSearchAndSeeAnotherUsersEntryAppear() throws {
        let server = try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })
        let tour = try EntriesTourFixture(width: 100, height: 30, location: try server.makeDatabase())
        fixture = tour
        let list = try tour.launch()
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: list), EntriesTourFixture.newestFirst)

        try tour.press("/", until: "the search line") { $0.contains("/ ") && $0.contains("esc clear search") }
        try tour.tmux.press("-l", "kiw")
        try tour.waitForFrame("the list narrowed to kiwi") { $0.contains("Kiwi notes") && !$0.contains("Mango notes") }
        try tour.press("Escape", until: "the full list again") { $0.contains("Mango notes") }

        // Someone else adds an entry: no key is pressed, and it shows up.
        try tour.runEntries(["add", "--title", "Papaya from the other desk"])
        let updated = try tour.waitForFrame("the other user's entry") { $0.contains("Papaya from the other desk") }
        XCTAssertTrue(updated.contains(" of 6"), updated)

        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
#endif
