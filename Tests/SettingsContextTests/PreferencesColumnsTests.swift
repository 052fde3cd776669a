import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// The name and value columns of the preferences share narrow widths: names give way first, and a
/// value that still does not fit is cut inside its marks, so the closing mark always shows.
final class PreferencesColumnsTests: XCTestCase {
    private static let recentlyUpdated = InMemorySettingsRepository(values: ["sortOrder": "updated"])

    func testAt40ColumnsTheLongestValueKeepsBothMarks() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 40, height: 12), settings: Self.recentlyUpdated)
            XCTAssertEqual(harness.screen.lines[2], "│List sort order   ‹ Recently updated ›│")
            XCTAssertEqual(harness.screen.lines[5], "│Confirm before …  ‹ On ›              │")
        }
    }

    func testNarrowerStillTheValueIsCutInsideItsMarks() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 30, height: 4), settings: Self.recentlyUpdated, presentInWindow: false)
            assertScreen(
                harness.screen,
                equals: [
                    "List sort o…  ‹ Recently up… ›",
                    "Date format   ‹ Short ›",
                    "Colour        ‹ On ›",
                    "Confirm bef…  ‹ On ›",
                ])
        }
    }

    func testWideEnoughEverythingIsWhole() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 45, height: 4), settings: Self.recentlyUpdated, presentInWindow: false)
            XCTAssertEqual(harness.screen.lines[0], "List sort order        ‹ Recently updated ›")
            XCTAssertEqual(harness.screen.lines[3], "Confirm before delete  ‹ On ›")
        }
    }
}
