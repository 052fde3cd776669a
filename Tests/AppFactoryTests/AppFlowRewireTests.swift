import AppFactory
import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// Flows a user can write without a code change: each storyboard below rewires the shipped scene
/// kinds, and the real app (factory, App Controller, both contexts) runs it headless.
final class AppFlowRewireTests: XCTestCase {
    func testMoreDetailsBeforeDetailsAndBack() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: openMore, q: quit}}
                      more: {kind: EntryMoreDetails, title: More, keys: {enter: openDetails, esc: back}}
                      details: {kind: EntryDetails, title: Details, keys: {esc: back}}
                    segues:
                      openMore: {from: list, to: more, kind: push}
                      openDetails: {from: more, to: details, kind: push}
                      showDetails: {from: list, to: details, kind: push}
                      back: {from: [more, details], kind: unwind}
                    keys: {j: down}
                    """)
            try app.press("j", "enter")
            XCTAssertEqual(try app.entriesScenes, ["list", "more"])
            try app.press("enter")
            XCTAssertEqual(try app.entriesScenes, ["list", "more", "details"])
            XCTAssertEqual(app.header, "Entries › More › Details")
            XCTAssertEqual(app.lines[1], "Apple pie")
            try app.press("esc")
            XCTAssertEqual(try app.entriesScenes, ["list", "more"])
            try app.press("esc")
            XCTAssertEqual(try app.entriesScenes, ["list"])
        }
    }

    func testDetailsAndMoreDetailsAsAReplaceToggleWithEscToTheList() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details, keys: {m: toMore, esc: home}}
                      more: {kind: EntryMoreDetails, title: More, keys: {m: toDetails, esc: home}}
                    segues:
                      showDetails: {from: list, to: details, kind: push}
                      toMore: {from: details, to: more, kind: replace}
                      toDetails: {from: more, to: details, kind: replace}
                      home: {from: [details, more], kind: unwind, to: root}
                    keys: {q: quit, \(Self.moveAndBack)}
                    """)
            try app.press("enter", "m")
            XCTAssertEqual(try app.entriesScenes, ["list", "more"])
            try app.press("m")
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            XCTAssertEqual(app.lines[1], "Daily walk")
            try app.press("m", "esc")
            XCTAssertEqual(try app.entriesScenes, ["list"])
        }
    }

    func testDetailsPresentedModallyOverTheList() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details, keys: {m: more}}
                      more: {kind: EntryMoreDetails, title: More}
                    segues:
                      showDetails: {from: list, to: details, kind: present}
                      more: {from: details, to: more, kind: push}
                    keys: {q: quit, \(Self.moveAndBack)}
                    """)
            try app.press("j", "j", "enter")
            XCTAssertNotNil(try app.window.presentedScene, "the details are presented")
            XCTAssertTrue(app.lines.contains { $0.contains("Carrot notes") }, app.lines.joined(separator: "\n"))
            try app.press("m")
            XCTAssertTrue(app.lines.contains { $0.contains("More") }, app.lines.joined(separator: "\n"))
            try app.press("esc", "esc")
            XCTAssertNil(try app.window.presentedScene, "Esc at the modal's root dismisses it")
            XCTAssertEqual(try app.entriesScenes, ["list"])
        }
    }

    func testTheTagPickerPresentedFromDetailsFiltersTheListItLandsOn() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details, keys: {t: pickTag}}
                      tags: {kind: TagPicker, title: Pick a tag, keys: {enter: useTag}}
                    segues:
                      showDetails: {from: list, to: details, kind: push}
                      pickTag: {from: details, to: tags, kind: present}
                      useTag: {from: tags, kind: unwind, to: list, returns: tag}
                    keys: {q: quit, \(Self.moveAndBack)}
                    """)
            try app.press("enter", "t")
            XCTAssertTrue(app.lines.contains { $0.contains("Pick a tag") }, app.lines.joined(separator: "\n"))
            // food, garden, sweet → sweet: letters jump in the picker (this storyboard binds no arrows,
            // and `g`, a movement key it leaves unbound, does nothing)
            try app.press("s", "enter")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(try app.entriesScenes, ["list"], "the unwind lands on the list, below the details")
            XCTAssertEqual(app.listedTitles, ["Apple pie"])
        }
    }

    func testEveryKeyReboundQuitHelpAndMovementIncludedAndTheOldKeysDoNothing() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {o: showDetails}}
                      details: {kind: EntryDetails, title: Details}
                    segues:
                      showDetails: {from: list, to: details, kind: push}
                    keys: {x: quit, h: help, n: down, p: up, l: back}
                    """)
            try app.press("j", "q", "?", "enter")
            XCTAssertFalse(try app.window.isFinished, "q is bound to nothing: it does nothing")
            XCTAssertFalse(try app.window.isShowingHelp, "? is bound to nothing")
            XCTAssertEqual(try app.entriesScenes, ["list"], "enter is bound to nothing")
            XCTAssertEqual(app.lines.last?.hasPrefix("o Details  x quit  n down  p up "), true, app.lines.last ?? "")
            XCTAssertTrue(app.lines.last?.hasSuffix("h help") == true, app.lines.last ?? "")
            try app.press("n", "n", "p", "o")
            XCTAssertEqual(app.lines[1], "Apple pie", "n and p moved the selection; j did not")
            try app.press("l", "h")
            XCTAssertEqual(try app.entriesScenes, ["list"])
            XCTAssertTrue(try app.window.isShowingHelp)
            XCTAssertTrue(app.lines.contains { $0.contains("│n       down") }, app.lines.joined(separator: "\n"))
            try app.press("h", "x")
            XCTAssertTrue(try app.window.isFinished, "x quits")
        }
    }

    func testAModalWithNoWayBackIsAWarningNamingIt() throws {
        try onMainActor {
            let factory = try Self.makeFactory(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details}
                    segues:
                      showDetails: {from: list, to: details, kind: present}
                      entryDeleted: {from: details, kind: unwind}
                    """)
            XCTAssertEqual(
                factory.entriesController.storyboardWarnings.map(\.description),
                [
                    "Entries.storyboard:5:3: warning: scene `details` is presented (segue `showDetails`) but no key leads "
                        + "back out of it; bind one, e.g. `esc: back`"
                ])
        }
    }

    func testClosingSettingsLeavesAModalOfTheEntriesContextUp() throws {
        try onMainActor {
            let app = try Self.launch(
                entries: """
                    storyboard: Entries
                    initial: list
                    scenes:
                      list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                      details: {kind: EntryDetails, title: Details}
                    segues:
                      showDetails: {from: list, to: details, kind: present}
                    keys: {s: showSettings, q: quit, \(Self.moveAndBack)}
                    """)
            try app.press("enter")
            let details = try XCTUnwrap(try app.window.presentedScene)
            try app.press("s")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "Settings over the details")
            try app.press("esc")
            XCTAssertTrue(
                try app.window.presentedScene === details, "hideSettings took Settings away, and only Settings")
            try app.press("esc")
            XCTAssertNil(try app.window.presentedScene)
        }
    }

    func testAnEntryPickedInSettingsOverTheTagPickerShowsOnTheListTheStoryboardSays() throws {
        try onMainActor {
            let app = try Self.launch()
            // In the tag picker letters jump to tags (issue 14): `s` there is typed, not Settings.
            try app.press("t", "s")
            XCTAssertNotNil(try app.window.presentedScene, "the picker is still up")
            XCTAssertNotEqual(app.header, "Settings")
            try app.press("esc", "s", "e", "j", "enter")
            XCTAssertNil(try app.window.presentedScene, "Settings and the tag picker are gone")
            XCTAssertEqual(
                try app.entriesScenes, ["list", "details"], "showDetails starts from the list, as the storyboard says")
            XCTAssertEqual(app.header, "Entries › Details")
        }
    }

    func testSettingsStartingOnItsListOfEntries() throws {
        try onMainActor {
            let app = try Self.launch(
                settings: """
                    storyboard: Settings
                    initial: entries
                    scenes:
                      entries: {kind: SettingsEntryList, title: Open an entry, keys: {enter: showDetails, p: prefs, esc: done}}
                      prefs: {kind: Preferences, title: Settings, keys: {enter: next, esc: back}}
                    segues:
                      prefs: {from: entries, to: prefs, kind: push}
                      back: {from: prefs, kind: unwind}
                    keys: {j: down}
                    """)
            try app.press("s")
            XCTAssertTrue(app.header.hasSuffix("Open an entry"), app.header)
            try app.press("j", "enter")
            XCTAssertNil(try app.window.presentedScene, "picking an entry closes Settings")
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            XCTAssertEqual(app.lines[1], "Apple pie")
        }
    }

    func testAStoryboardWithoutTheSegueTheAppControllerPerformsIsRefusedAtStart() throws {
        try onMainActor {
            let terminal = RecordingTerminal()
            XCTAssertThrowsError(
                try Self.makeFactory(
                    entries: """
                        storyboard: Entries
                        initial: list
                        scenes:
                          list: {kind: EntryList, title: Entries, keys: {enter: open}}
                          details: {kind: EntryDetails, title: Details}
                        segues:
                          open: {from: list, to: details, kind: push}
                          entryDeleted: {from: details, kind: unwind}
                        keys: {q: quit, \(Self.moveAndBack)}
                        """, terminal: terminal)
            ) { error in
                XCTAssertEqual(
                    (error as? StoryboardLoadError)?.diagnostics.map(\.description),
                    [
                        "Entries.storyboard:6:1: error: the context's code performs segue `showDetails` (it shows an entry "
                            + "picked in another context, such as Settings), but the storyboard has no such segue; add one, "
                            + "e.g. `showDetails: {from: list, to: details, kind: push}`"
                    ])
            }
            XCTAssertTrue(terminal.runRoots.isEmpty, "nothing ran in the terminal")
        }
    }

    /// Movement and back, which a storyboard binds like any other key.
    static let moveAndBack = "j: down, k: up, esc: back"

    /// The factory (not launched) on the known entries with `entries` as the Entries storyboard.
    @MainActor
    private static func makeFactory(
        entries: String, terminal: RecordingTerminal = RecordingTerminal()
    ) throws -> AppFactory {
        let directory = try TemporaryDirectory.withKnownEntries()
        defer { directory.remove() }
        try directory.write(entries, to: "Entries.storyboard")
        let configuration = AppConfiguration(databasePath: directory.databasePath, storyboardDirectory: directory.url)
        return try AppFactory(
            configuration: configuration, store: StoreFactory(configuration: configuration), terminal: terminal)
    }

    /// The app on the known entries with `entries` and/or `settings` as override storyboards.

    /// (The directory is removed when the harness goes: see `AppHarness.ownedDirectory`.)
    @MainActor
    private static func launch(entries: String? = nil, settings: String? = nil) throws -> AppHarness {
        let directory = try TemporaryDirectory.withKnownEntries()
        if let entries { try directory.write(entries, to: "Entries.storyboard") }
        if let settings { try directory.write(settings, to: "Settings.storyboard") }
        let app = try AppHarness(directory: directory, size: Size(width: 60, height: 14), overridesStoryboards: true)
        app.ownedDirectory = directory
        return app
    }
}
