import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import XCTest

/// A person's keys.yaml over the built-in storyboards: single bindings changed, checked at load with
/// every problem located in keys.yaml.
final class PersonalKeysTests: XCTestCase {
    func testABindingAndAnUnbindingChangeTheAppAtTheNextStart() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let keys = try directory.write(
                """
                Entries:
                  scenes:
                    list: {l: showDetails}
                  keys: {q: ~, x: quit}
                """, to: "keys.yaml")
            let app = try AppHarness(directory: directory, keysFile: keys.path)
            try app.press("l")
            XCTAssertEqual(try app.entriesScenes, ["list", "details"], "l opens the details, as enter does")
            try app.press("esc", "q")
            XCTAssertFalse(try app.window.isFinished, "q is unbound")
            try app.press("x")
            XCTAssertTrue(try app.window.isFinished, "x quits")
        }
    }

    func testTheHelpOfTheSceneShowsThePersonalKey() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let keys = try directory.write("Entries:\n  scenes:\n    list: {o: showDetails}\n", to: "keys.yaml")
            let app = try AppHarness(directory: directory, keysFile: keys.path)
            try app.press("?")
            assertScreenContains(app.screen, "│enter/o     open        │")
        }
    }

    func testCtrlLIsTheStoryboardsRepaintAndCanBeRebound() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory)
            _ = try app.window.takeFullRepaintRequest()
            try app.press("ctrl-l")
            XCTAssertTrue(try app.window.takeFullRepaintRequest(), "the built-in storyboard binds ctrl-l: repaint")

            let keys = try directory.write("Entries:\n  keys: {ctrl-l: help}\n", to: "keys.yaml")
            let rebound = try AppHarness(directory: directory, keysFile: keys.path)
            _ = try rebound.window.takeFullRepaintRequest()
            try rebound.press("ctrl-l")
            XCTAssertTrue(try rebound.window.isShowingHelp, "rebound to help")
            XCTAssertFalse(try rebound.window.takeFullRepaintRequest())
        }
    }

    func testEveryProblemIsLocatedInKeysYaml() throws {
        try onMainActor {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let keys = try directory.write(
                """
                Entires:
                  keys: {x: quit}
                Entries:
                  scenes:
                    lst: {l: showDetails}
                    list: {l: showDetials, enter: showDetails, return: back, ctrl-c: quit, x: ~, entr: back}
                  keys: {z: ~}
                """, to: "keys.yaml")
            let catalog = StoryboardCatalog(keysFile: keys.path)
            let messages = catalog.allErrors().map {
                $0.description.replacingOccurrences(of: keys.path, with: "keys.yaml")
            }
            XCTAssertEqual(
                messages.sorted(),
                [
                    "keys.yaml:1:1: error: no context `Entires`; did you mean `Entries`?",
                    "keys.yaml:5:5: error: Entries has no scene `lst`; did you mean `list`?",
                    "keys.yaml:6:12: error: key `l` in scene `list` is bound to `showDetials`, which is neither a segue, an action of kind "
                        + "EntryList, a flow action nor a standard action; did you mean `showDetails`?",
                    "keys.yaml:6:48: error: key `return` collides with `enter` at 6:28 (the same key) in scene `list` of Entries; keep one",
                    "keys.yaml:6:62: error: key `ctrl-c` in scene `list` cannot be bound: the window takes it before any scene (it always quits)",
                    "keys.yaml:6:76: error: `x` is not bound in scene `list`",
                    "keys.yaml:6:82: error: unknown key name `entr` in scene `list` of Entries; did you mean `enter`?",
                    "keys.yaml:7:10: error: `z` is not bound storyboard-wide in Entries; there is nothing to unbind",
                ])
            XCTAssertThrowsError(try AppHarness(directory: directory, keysFile: keys.path), "the app does not start")
        }
    }

    func testNoKeysFileChangesNothing() throws {
        try onMainActor {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let catalog = StoryboardCatalog(keysFile: directory.url.appendingPathComponent("none.yaml").path)
            XCTAssertEqual(catalog.allErrors(), [])
            XCTAssertEqual(catalog.contexts.map(\.source), StoryboardCatalog().contexts.map(\.source))
        }
    }
}
