import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// A day picked in the Calendar lands on the list of that day wherever the Calendar was opened from:
/// the storyboards below put the Calendar's key on the details, the more details and a modal details,
/// which the shipped storyboard does not. The move must not assume the list is on top.
final class AppControllerCalendarLandingTests: XCTestCase {
    /// Entries with the Calendar's key on every scene; `details` is shown by `detailsKind` (push or present).
    static func storyboard(detailsKind: String = "push") -> String {
        """
        storyboard: Entries
        initial: list
        scenes:
          list: {kind: EntryList, title: Entries, keys: {enter: showDetails, c: showCalendar}}
          details: {kind: EntryDetails, title: Details, keys: {m: showMoreDetails, c: showCalendar}}
          moreDetails: {kind: EntryMoreDetails, title: More details, keys: {c: showCalendar}}
        segues:
          showDetails: {from: list, to: details, kind: \(detailsKind)}
          showMoreDetails: {from: details, to: moreDetails, kind: push}
        keys: {q: quit, j: down, k: up, esc: back}
        """
    }

    /// The app at 80x24 on the known entries with `entries` as its Entries storyboard.
    @MainActor
    static func launch(entries: String) throws -> AppHarness {
        let directory = try TemporaryDirectory.withKnownEntries()
        try directory.write(entries, to: "Entries.storyboard")
        let app = try AppHarness(directory: directory, size: Size(width: 80, height: 24), overridesStoryboards: true)
        app.ownedDirectory = directory
        return app
    }

    /// Picks the Apple pie's day in the Calendar (open) and checks the app shows that day's list alone.
    @MainActor
    static func pickAppleDayAndExpectItsList(
        _ app: AppHarness, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let appleDay = CivilDay(KnownEntries.date(day: 10), in: .current)
        try moveCalendar(app, to: appleDay)
        try app.press("enter")
        XCTAssertNil(try app.window.presentedScene, "nothing is left over the list", file: file, line: line)
        XCTAssertEqual(try app.entriesScenes, ["list"], "the list is on top", file: file, line: line)
        XCTAssertEqual(app.header, "Entries", file: file, line: line)
        XCTAssertEqual(app.listedTitles, ["Apple pie"], app.lines.joined(separator: "\n"), file: file, line: line)
        assertScreenContains(app.screen, "on \(appleDay.dayName) · 1 of 1", file: file, line: line)
    }

    func testADayPickedInTheCalendarOpenedFromTheDetailsShowsThatDaysList() throws {
        try onMainActor {
            let app = try Self.launch(entries: Self.storyboard())
            try app.press("j", "j", "enter")  // Carrot notes
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            try app.press("c")
            XCTAssertTrue(app.header.hasSuffix("Calendar"), app.header)
            try Self.pickAppleDayAndExpectItsList(app)
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst, "Esc clears the day filter")
        }
    }

    func testADayPickedInTheCalendarOpenedTwoScenesDeepShowsThatDaysList() throws {
        try onMainActor {
            let app = try Self.launch(entries: Self.storyboard())
            try app.press("enter", "m", "c")
            try Self.pickAppleDayAndExpectItsList(app)
        }
    }

    func testTheCalendarReachedByASegueFromTheDetailsLandsTheDayOnTheList() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details, keys: {c: calendar}}
                    segues:
                      showDetails: {from: list, to: details, kind: push}
                      calendar: {from: details, to: Calendar, kind: present, help: calendar}
                    keys: {q: quit, j: down, k: up, esc: back}
                    """)
            try app.press("c")
            XCTAssertNil(try app.window.presentedScene, "the list has no key into the Calendar")
            try app.press("j", "j", "enter", "c")
            XCTAssertTrue(app.header.hasSuffix("Calendar"), app.header)
            try Self.pickAppleDayAndExpectItsList(app)
        }
    }

    func testTheCalendarOpenedTwiceInARowIsPresentedOnce() throws {
        try onMainActor {
            let app = try Self.launch(entries: Self.storyboard())
            try app.press("c")
            try app.factory.appController.presentContext(named: "Calendar")
            XCTAssertEqual(try app.window.presentedScenes.count, 1)
            try app.press("esc")
            XCTAssertNil(try app.window.presentedScene, "Esc closes it")
            try app.press("c")
            XCTAssertEqual(try app.window.presentedScenes.count, 1, "and it opens again after")
        }
    }

    func testASegueIntoAContextTheAppDoesNotHaveIsRefusedAtStart() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(
                """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: showDetails, c: calendar}}
                  details: {kind: EntryDetails, title: Details}
                segues:
                  showDetails: {from: list, to: details, kind: push}
                  calendar: {from: list, to: Calndar, kind: present}
                  entryDeleted: {from: details, kind: unwind}
                keys: {q: quit, esc: back}
                """, to: "Entries.storyboard")
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration)) { error in
                XCTAssertEqual(
                    (error as? StoryboardLoadError)?.diagnostics.map(\.description),
                    [
                        "Entries.storyboard:8:30: error: segue `calendar` goes to `Calndar`, which is neither a scene of this "
                            + "storyboard nor a context of the app (`Calendar`, `Settings`, `Trash`); did you mean `Calendar`?"
                    ])
            }
        }
    }

    /// Every scene the Calendar's segue may start from, with the details pushed or presented: the day
    /// picked lands on the list, named in its footer, with nothing left over it.
    func testEveryPlacementOfTheCalendarsSegueLandsTheDayOnTheList() throws {
        let placements: [(scene: String, keys: [String])] = [
            ("list", []), ("details", ["enter"]), ("moreDetails", ["enter", "m"]),
        ]
        for detailsKind in ["push", "present"] {
            for placement in placements {
                try onMainActor {
                    let app = try Self.launch(
                        entries: """
                            storyboard: Entries
                            initial: list
                            scenes:
                              list: {kind: EntryList, title: Entries, keys: {enter: showDetails\(placement.scene == "list" ? ", c: calendar" : "")}}
                              details: {kind: EntryDetails, title: Details, keys: {m: showMoreDetails\(placement.scene == "details" ? ", c: calendar" : "")}}
                              moreDetails: {kind: EntryMoreDetails, title: More details\(placement.scene == "moreDetails" ? ", keys: {c: calendar}" : "")}
                            segues:
                              showDetails: {from: list, to: details, kind: \(detailsKind)}
                              showMoreDetails: {from: details, to: moreDetails, kind: push}
                              calendar: {from: \(placement.scene), to: Calendar, kind: present}
                              entryDeleted: {from: details, kind: unwind}
                            keys: {q: quit, j: down, k: up, esc: back}
                            """)
                    for key in placement.keys { try app.press(key) }
                    try app.press("c")
                    XCTAssertTrue(app.header.hasSuffix("Calendar"), "\(placement.scene), \(detailsKind): \(app.header)")
                    try Self.pickAppleDayAndExpectItsList(app)
                }
            }
        }
    }

    func testADayPickedInTheCalendarOpenedFromModalDetailsShowsThatDaysList() throws {
        try onMainActor {
            let app = try Self.launch(entries: Self.storyboard(detailsKind: "present"))
            try app.press("enter", "m", "c")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "the Calendar over the modal details")
            try Self.pickAppleDayAndExpectItsList(app)
        }
    }
}
