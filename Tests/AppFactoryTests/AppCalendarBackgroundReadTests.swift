import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// In the app (reads in the background, as in a terminal) the Calendar's first frame comes before its
/// statistics and "On this day": the factory hands the Calendar the loader the lists read through, and
/// the run loop's mailbox brings the answers, drawn in the next frame.
final class AppCalendarBackgroundReadTests: XCTestCase {
    /// Delivers what the background reads posted until none is under way (at most 10 s).
    @MainActor
    private static func settle(_ app: AppHarness) throws {
        let mailbox = try XCTUnwrap(app.screen.root.mailbox)
        let deadline = Date().addingTimeInterval(10)
        while mailbox.hasUnfinishedWork, Date() < deadline {
            if !mailbox.deliver() { usleep(200) }
        }
        XCTAssertFalse(mailbox.hasUnfinishedWork, "the reads finished")
    }

    func testTheCalendarsFirstFrameSaysTheStatisticsAreBeingReadAndTheNextHasThem() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 120, height: 40), readsInBackground: true)
            app.ownedDirectory = directory
            try Self.settle(app)
            try app.press("c")
            XCTAssertTrue(app.header.hasSuffix("Calendar"), app.header)
            // Nothing delivered yet: the frame drawn after the key has the month, not the statistics.
            assertScreenContains(app.screen, "Reading the statistics…")
            assertScreenDoesNotContain(app.screen, "Current streak")
            try Self.settle(app)
            _ = app.screen.render()
            assertScreenContains(app.screen, "Current streak")
            assertScreenContains(app.screen, "Most used tags")
            assertScreenDoesNotContain(app.screen, "Reading")
            assertScreenDoesNotContain(app.screen, "reading…")
        }
    }
}
