import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// Contexts reached from contexts other than Entries, by storyboards that add segues into them: an
/// answer for the Entries context (a day, an entry) lands there with nothing left over it, however
/// many contexts the user went through.
final class AppControllerContextChainTests: XCTestCase {
    /// Settings with a key into the Calendar (`c`) on its first scene.
    static let settingsReachingTheCalendar = """
        storyboard: Settings
        initial: preferences
        scenes:
          preferences: {kind: Preferences, title: Settings, keys: {enter: next, e: showEntries, c: openCalendar, esc: done}}
          entries: {kind: SettingsEntryList, title: Open an entry, keys: {enter: showDetails, esc: back}}
        segues:
          showEntries: {from: preferences, to: entries, kind: push}
          openCalendar: {from: preferences, to: Calendar, kind: present, help: calendar}
        keys: {j: down, k: up, q: quit}
        """

    /// The Calendar with a key into Settings (`s`).
    static let calendarReachingSettings = """
        storyboard: Calendar
        initial: calendar
        scenes:
          calendar: {kind: Calendar, title: Calendar, keys: {left: previousDay, right: nextDay, "[": previousMonth, enter: pickDay, s: openSettings}}
        segues:
          openSettings: {from: calendar, to: Settings, kind: present, help: settings}
        keys: {esc: done, q: quit}
        """

    @MainActor
    static func launch(_ files: [String: String]) throws -> AppHarness {
        let directory = try TemporaryDirectory.withKnownEntries()
        for (name, text) in files { try directory.write(text, to: name) }
        let app = try AppHarness(directory: directory, size: Size(width: 80, height: 24), overridesStoryboards: true)
        app.ownedDirectory = directory
        return app
    }

    func testADayPickedInTheCalendarOpenedFromSettingsShowsThatDaysListWithNothingOverIt() throws {
        try onMainActor {
            let app = try Self.launch(["Settings.storyboard": Self.settingsReachingTheCalendar])
            try app.press("s", "c")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "the Calendar over Settings")
            try AppControllerCalendarLandingTests.pickAppleDayAndExpectItsList(app)
        }
    }

    func testAnEntryPickedInSettingsOpenedFromTheCalendarShowsItsDetailsWithNothingOverThem() throws {
        try onMainActor {
            let app = try Self.launch(["Calendar.storyboard": Self.calendarReachingSettings])
            try app.press("c", "s")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "Settings over the Calendar")
            try app.press("e", "j", "enter")
            XCTAssertNil(try app.window.presentedScene, "neither Settings nor the Calendar is left")
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            XCTAssertEqual(app.lines[1], "Apple pie")
        }
    }

    func testAContextClosedByTheStandardBackOpensAgainAndItsAnswerStillLands() throws {
        try onMainActor {
            let app = try Self.launch([
                "Calendar.storyboard": """
                storyboard: Calendar
                initial: calendar
                scenes:
                  calendar: {kind: Calendar, title: Calendar, keys: {left: previousDay, right: nextDay, "[": previousMonth, enter: pickDay}}
                keys: {esc: back, q: quit}
                """
            ])
            try app.press("c", "esc")
            XCTAssertNil(
                try app.window.presentedScene, "back at the Calendar's root closes it, without the App Controller")
            try app.press("c")
            XCTAssertEqual(try app.window.presentedScenes.count, 1, "the App Controller opens it again")
            try AppControllerCalendarLandingTests.pickAppleDayAndExpectItsList(app)
        }
    }
}
