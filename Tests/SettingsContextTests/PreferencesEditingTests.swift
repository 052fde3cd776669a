import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// Changing preferences: every change is saved at once and reported to the flow; a failed save is
/// reported and the scene keeps showing what is stored.
final class PreferencesEditingTests: XCTestCase {
    private static let size = Size(width: 80, height: 20)

    func testEnterCyclesTheSortOrderThroughEveryValueSavingAndReportingEach() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Self.size)
            var expected: [Preferences] = []
            for (order, label) in [
                (EntrySortOrder.oldest, "Oldest first"), (.title, "Title A–Z"), (.updated, "Recently updated"),
                (.newest, "Newest first"),
            ] {
                harness.screen.send(.enter)
                expected.append(Preferences(sortOrder: order))
                XCTAssertEqual(try harness.storedPreferences(), Preferences(sortOrder: order))
                XCTAssertEqual(harness.flow.reportedPreferences, expected)
                assertScreenContains(harness.screen, "List sort order        ‹ \(label) ›")
            }
            XCTAssertEqual(harness.flow.errors, [])
        }
    }

    func testSpaceAndRightCycleForwardAndLeftCyclesBack() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Self.size)
            harness.screen.send(.character(" "))
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .oldest)
            harness.screen.send(.right)
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .title)
            harness.screen.send([.left, .left, .left])
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .updated)
            XCTAssertEqual(
                harness.flow.reportedPreferences.map(\.sortOrder), [.oldest, .title, .oldest, .newest, .updated])
        }
    }

    func testTheDateFormatCyclesIsoShortRelative() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 120, height: 20))
            harness.screen.send([.down, .enter])
            XCTAssertEqual(try harness.storedPreferences().dateStyle, .relative)
            XCTAssertEqual(harness.flow.reportedPreferences, [Preferences(dateStyle: .relative)])
            assertScreenContains(harness.screen, "Date format            ‹ Relative ›          e.g. 3 days ago")
            harness.screen.send(.enter)
            XCTAssertEqual(try harness.storedPreferences().dateStyle, .iso)
            assertScreenContains(harness.screen, "Date format            ‹ ISO ›               e.g. 2026-11-18 12:00")
            harness.screen.send(.left)
            XCTAssertEqual(try harness.storedPreferences().dateStyle, .relative)
            XCTAssertEqual(harness.flow.reportedPreferences.map(\.dateStyle), [.relative, .iso, .relative])
        }
    }

    func testColourTurnsOffAndOn() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Self.size)
            harness.screen.send([.down, .down, .enter])
            XCTAssertEqual(try harness.storedPreferences(), Preferences(colorEnabled: false))
            XCTAssertEqual(try harness.settings.value(forKey: "colorEnabled"), "false")
            assertScreenContains(harness.screen, "Colour                 ‹ Off ›")
            harness.screen.send(.enter)
            XCTAssertEqual(harness.flow.reportedPreferences.map(\.colorEnabled), [false, true])
            XCTAssertEqual(try harness.storedPreferences().colorEnabled, true)
        }
    }

    func testConfirmBeforeDeleteTurnsOff() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Self.size)
            harness.screen.send([.down, .down, .down, .character(" ")])
            XCTAssertEqual(try harness.storedPreferences(), Preferences(confirmBeforeDelete: false))
            XCTAssertEqual(harness.flow.reportedPreferences, [Preferences(confirmBeforeDelete: false)])
            assertScreenContains(harness.screen, "Confirm before delete  ‹ Off ›")
        }
    }

    func testAChangeKeepsTheOtherStoredPreferences() throws {
        try onMainActor {
            let settings = InMemorySettingsRepository(values: ["sortOrder": "title", "colorEnabled": "false"])
            let harness = try SettingsHarness(size: Self.size, settings: settings)
            harness.screen.send([.down, .down, .down, .enter])
            let expected = Preferences(sortOrder: .title, colorEnabled: false, confirmBeforeDelete: false)
            XCTAssertEqual(try harness.storedPreferences(), expected)
            XCTAssertEqual(harness.flow.reportedPreferences, [expected])
        }
    }

    func testAFailedSaveIsReportedAndTheStoredValueStaysShown() throws {
        try onMainActor {
            let settings = FailingSettingsRepository(values: ["sortOrder": "oldest"])
            let harness = try SettingsHarness(size: Self.size, settings: settings)
            harness.screen.send(.enter)
            XCTAssertEqual(harness.flow.errors, ["the settings could not be saved: disk full"])
            XCTAssertEqual(harness.flow.reportedPreferences, [])
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .oldest)
            assertScreenContains(harness.screen, "List sort order        ‹ Oldest first ›")
            XCTAssertTrue(harness.isShowingSettings)
        }
    }

    func testASaveFailingHalfWayShowsAndReportsWhatWasStored() throws {
        try onMainActor {
            // Saving writes the sort order, then the date format, then fails on the colour.
            let settings = FailingSettingsRepository()
            settings.writesBeforeFailure = 2
            let harness = try SettingsHarness(size: Self.size, settings: settings)
            harness.screen.send([.down, .enter])
            XCTAssertEqual(harness.flow.errors, ["the settings could not be saved: disk full"])
            XCTAssertEqual(try harness.storedPreferences().dateStyle, .relative)
            // The app is told what is stored, so it shows what the screen shows.
            XCTAssertEqual(harness.flow.reportedPreferences, [Preferences(dateStyle: .relative)])
            assertScreenContains(harness.screen, "‹ Relative ›")
        }
    }

    func testUnreadableSettingsAreReportedWhenSettingsOpensAndDefaultsAreShown() throws {
        try onMainActor {
            let settings = FailingSettingsRepository(values: ["sortOrder": "title"])
            settings.failReads = true
            let harness = try SettingsHarness(size: Self.size, settings: settings)
            XCTAssertEqual(harness.flow.errors, ["the settings could not be saved: disk full"])
            assertScreenContains(harness.screen, "‹ Newest first ›")
        }
    }

    func testValuesEditedByHandFallBackToDefaultsAndAreReplacedByTheFirstChange() throws {
        try onMainActor {
            let settings = InMemorySettingsRepository(values: ["sortOrder": "sideways", "dateStyle": "\u{1b}[2J"])
            let harness = try SettingsHarness(size: Self.size, settings: settings)
            assertScreenContains(harness.screen, "‹ Newest first ›")
            assertScreenContains(harness.screen, "‹ Short ›")
            harness.screen.send(.enter)
            XCTAssertEqual(try settings.value(forKey: "sortOrder"), "oldest")
            XCTAssertEqual(try settings.value(forKey: "dateStyle"), "short")
        }
    }
}
