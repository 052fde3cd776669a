import Foundation
import XCTest

/// The Trash in the real app under tmux: an entry deleted in the list is in the Trash (`T`) with the
/// days it stays; `r` brings it back and, the Trash closed, the list shows it again; then the app
/// quits and the terminal is restored.
final class EntriesTrashTourTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    func testAnEntryDeletedThenRestoredFromTheTrashIsInTheListAgainAt80By24() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        try tour.launch()
        let first = try XCTUnwrap(EntriesTourFixture.newestFirst.first)
        try tour.press("d", until: "the question") { $0.contains("to the trash?") }
        try tour.press("y", until: "the entry gone") { $0.contains("Deleted “\(first)”") }
        let trash = try tour.press("T", until: "the Trash") { $0.contains("30 days left") }
        XCTAssertTrue(trash.contains(first), trash)
        try tour.press("r", until: "the restore") { $0.contains("The trash is empty") }
        let list = try tour.press("Escape", until: "the list again") { screen in
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: screen).first == first
                && !screen.contains("┌ Trash")
        }
        XCTAssertEqual(EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: list).first, first)
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
