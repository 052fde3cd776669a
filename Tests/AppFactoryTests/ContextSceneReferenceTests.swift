import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// References to a named scene of another context (`to: Settings.entries`), like a storyboard
/// reference with a scene identifier: the move lands on that scene, a reference to a scene that is
/// not there (or that needs a value) is refused at start with its place in the file, a stranger's
/// reference never crashes the app, and references that lead in a circle never hang or stack.
final class ContextSceneReferenceTests: XCTestCase {
    /// A Calendar with a key (`e`) into Settings' entry list, written as `to:`'s value `target`.
    static func calendar(reaching target: String) -> String {
        """
        storyboard: Calendar
        initial: calendar
        scenes:
          calendar: {kind: Calendar, title: Calendar, keys: {left: previousDay, enter: pickDay, e: pickEntry}}
        segues:
          pickEntry: {from: calendar, to: \(target), kind: present, help: pick an entry}
        keys: {esc: done, q: quit}
        """
    }

    @MainActor
    static func startErrors(_ files: [String: String]) throws -> [String] {
        let directory = try TemporaryDirectory.withKnownEntries()
        defer { directory.remove() }
        for (name, text) in files { try directory.write(text, to: name) }
        let configuration = AppConfiguration(databasePath: directory.databasePath, storyboardDirectory: directory.url)
        do {
            try AppFactory.checkStoryboards(of: configuration)
            return []
        } catch let error as StoryboardLoadError {
            return error.diagnostics.map(\.description)
        }
    }

    func testAReferenceToANamedSceneOpensThatSceneAndItsAnswerLandsInEntries() throws {
        try onMainActor {
            let app = try AppControllerContextChainTests.launch([
                "Calendar.storyboard": Self.calendar(reaching: "Settings.entries")
            ])
            try app.press("c", "e")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "Settings over the Calendar")
            XCTAssertTrue(
                app.header.hasSuffix("Open an entry"), "at Settings' entry list, not its first scene: \(app.header)")
            try app.press("j", "enter")
            XCTAssertNil(try app.window.presentedScene, "neither Settings nor the Calendar is left")
            XCTAssertEqual(try app.entriesScenes, ["list", "details"])
            XCTAssertTrue(app.header.hasSuffix("Details"), app.header)
        }
    }

    func testAReferenceToASceneThatIsNotThereIsRefusedAtStartWithItsPlace() throws {
        try onMainActor {
            XCTAssertEqual(
                try Self.startErrors(["Calendar.storyboard": Self.calendar(reaching: "Settings.entires")]),
                [
                    "Calendar.storyboard:6:35: error: segue `pickEntry` goes to `Settings.entires`, but the Settings storyboard "
                        + "has no scene `entires` (its scenes: `preferences`, `entries`); did you mean `Settings.entries`?"
                ])
            // A scene that needs a value: nothing hands one across contexts.
            XCTAssertEqual(
                try Self.startErrors(["Calendar.storyboard": Self.calendar(reaching: "Trash.entry")]),
                [
                    "Calendar.storyboard:6:35: error: segue `pickEntry` goes to `Trash.entry`, whose kind `TrashedEntry` needs "
                        + "`trashedEntry` (TrashedEntry), which no segue hands across contexts; lead to a scene that needs "
                        + "nothing (such as `Trash`, its initial scene)"
                ])
            XCTAssertEqual(try Self.startErrors(["Calendar.storyboard": Self.calendar(reaching: "Trash.list")]), [])
        }
    }

    func testLintOfAFileAloneChecksItsReferencesAgainstTheAppsOtherStoryboards() throws {
        try onMainActor {
            let catalog = StoryboardCatalog()
            var linter = StoryboardLinter(registries: catalog.registries)
            linter.referencedStoryboards = catalog.contexts.map(\.source)
            let report = linter.lint([
                .text(Self.calendar(reaching: "Settings.entires"), fileName: "Calendar.storyboard")
            ]
            )
            XCTAssertEqual(
                report.diagnostics.map(\.description),
                [
                    "Calendar.storyboard:6:35: error: segue `pickEntry` goes to `Settings.entires`, but the Settings storyboard "
                        + "has no scene `entires` (its scenes: `preferences`, `entries`); did you mean `Settings.entries`?"
                ])
            let clean = linter.lint([
                .text(Self.calendar(reaching: "Settings.entries"), fileName: "Calendar.storyboard")
            ])
            XCTAssertEqual(clean.diagnostics, [], "the built-in storyboards' own references are not reported here")
        }
    }

    func testAStrangersReferencesAreRefusedOrWorkButNeverCrash() throws {
        try onMainActor {
            let hostile = [
                "Settings.", "Settings..entries", "Settings.entries.more", "Nowhere.entries", "Journal.calendar",
                "\"S\\e[2J.entries\"", "Settings.\(String(repeating: "x", count: 10_000))", "\"Settings.🗑\"",
                "\"Trash.list\\0\"", "\"Settings.\\u202Eentries\"",
            ]
            for target in hostile {
                let errors = try Self.startErrors(["Calendar.storyboard": Self.calendar(reaching: target)])
                XCTAssertFalse(errors.isEmpty, "\(target.prefix(40)) is refused")
                XCTAssertTrue(errors.allSatisfy { $0.hasPrefix("Calendar.storyboard:6:") }, "\(errors)")
            }
        }
    }

    func testReferencesThatLeadInACircleNeverStackOrHang() throws {
        try onMainActor {
            // The Trash reaches Settings' entry list; Settings reaches the Trash (as shipped).
            let trash = """
                storyboard: Trash
                initial: list
                scenes:
                  list: {kind: TrashList, title: Trash, keys: {S: openSettings, esc: done}}
                segues:
                  openSettings: {from: list, to: Settings.preferences, kind: present}
                keys: {q: quit}
                """
            XCTAssertEqual(try Self.startErrors(["Trash.storyboard": trash]), [], "a circle is no error")
            let app = try AppControllerContextChainTests.launch(["Trash.storyboard": trash])
            try app.press("T", "S")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "Settings over the Trash")
            let started = Date()
            for _ in 0..<200 { try app.press("T", "S") }
            XCTAssertEqual(
                try app.window.presentedScenes.count, 2, "each context is up once, however often its key is pressed")
            XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        }
    }

    func testTheGraphDrawsAReferenceToANamedSceneIntoThatScene() throws {
        try onMainActor {
            let catalog = StoryboardCatalog()
            let settings = try XCTUnwrap(catalog.context(named: "Settings")).source
            let report = StoryboardLinter(registries: catalog.registries).lint([
                .text(Self.calendar(reaching: "Settings.entries"), fileName: "Calendar.storyboard"), settings,
            ])
            XCTAssertEqual(report.errorCount, 0, report.lines.joined(separator: "\n"))
            let graph = StoryboardGraph.mermaid(report.storyboards)
            // Settings is the second storyboard (s1); its `entries` scene is its second node (n1).
            XCTAssertTrue(graph.contains("s0_n0 == \"e · pickEntry (present)\" ==> s1_n1"), graph)
        }
    }
}
