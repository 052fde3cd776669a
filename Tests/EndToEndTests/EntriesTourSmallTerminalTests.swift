import Foundation
import XCTest

/// The tour in a 40×12 terminal: the list, the details, Settings and quitting still work, and the
/// terminal is restored.
final class EntriesTourSmallTerminalTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    func testListDetailsSettingsAndQuitAt40By12() throws {
        let tour = try EntriesTourFixture(width: 40, height: 12)
        fixture = tour
        let list = try tour.launch()
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: list), EntriesTourFixture.newestFirst)
        XCTAssertEqual(tour.footer(of: list), "1 of 5")

        let details = try tour.press("Enter", until: "the details") { $0.contains("Body of mango.") }
        XCTAssertTrue(details.contains("Mango notes"), details)
        XCTAssertFalse(details.contains("Zucchini notes"), details)
        let back = try tour.press("Escape", until: "the list") { $0.contains("Zucchini notes") }
        XCTAssertEqual(tour.footer(of: back), "1 of 5", back)

        let settings = try tour.press("s", until: "Settings") { $0.contains("Settings") && $0.contains("sort") }
        try tour.press("Enter", until: "the next sort order") { $0.contains("Oldest") }
        let reordered = try tour.press("Escape", until: "Settings closed") { !$0.contains("sort") }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: reordered),
            EntriesTourFixture.newestFirst.reversed(),
            "the list is not oldest first:\n\(reordered)\n(Settings was:\n\(settings))")

        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
