import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// The controller the App Factory uses: a fresh navigator per presentation, `done` forwarded to the
/// flow, and storyboards given from outside (built-in or `--storyboards`).
final class SettingsControllerTests: XCTestCase {
    func testEachSceneIsAFreshNavigatorAtThePreferences() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(["One"]))
            harness.screen.send([.down, .down, .character("e")])
            XCTAssertEqual(harness.navigator.sceneIdentifiers, ["preferences", "entries"])
            harness.screen.send(.character("d"))
            XCTAssertFalse(harness.isShowingSettings)

            let second = harness.controller.makeScene()
            XCTAssertFalse(second === harness.navigator)
            XCTAssertFalse(second === harness.controller.makeScene())
            harness.window.present(second)
            harness.screen.render()
            XCTAssertEqual(harness.window.titlePath, ["Entries", "Settings"])
            // A new scene: the first preference is chosen again.
            assertStyle(harness.screen, row: 7, columns: 7..<73, equals: Theme.default.selection)
            harness.screen.send(.enter)
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .oldest)
        }
    }

    func testEscAndBackspaceOnThePreferencesAskTheFlowToHideSettings() throws {
        try onMainActor {
            for key in [Key.escape, .backspace] {
                let harness = try SettingsHarness(size: Size(width: 80, height: 24))
                harness.screen.send(key)
                XCTAssertEqual(harness.flow.calls, [.hideSettings])
                XCTAssertFalse(harness.isShowingSettings)
                assertScreen(
                    harness.screen,
                    equals: ["Entries", "the entries list"] + Array(repeating: "", count: 21) + [
                        "q quit                                                                    ? help"
                    ])
            }
        }
    }

    func testDAndSCloseSettingsFromEveryScene() throws {
        try onMainActor {
            for key in ["d", "s"] {
                for path in [[], [Key.character("e")]] {
                    let harness = try SettingsHarness(
                        size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(["One"]))
                    harness.screen.send(path + [.character(Character(key))])
                    XCTAssertEqual(harness.flow.calls, [.hideSettings], "\(key) after \(path)")
                    XCTAssertFalse(harness.isShowingSettings)
                }
            }
        }
    }

    func testTheBuiltInStoryboardIsSettingsStoryboardCompiled() throws {
        try onMainActor {
            XCTAssertEqual(SettingsController.storyboardName, "Settings")
            let source = SettingsController.builtInStoryboard()
            XCTAssertEqual(source.fileName, "Settings.storyboard")
            guard case .compiled(let storyboard) = source else { return XCTFail("not compiled: \(source)") }
            let file = try SourceTree(containing: #filePath).url("Sources/SettingsContext/Settings.storyboard")
            XCTAssertEqual(storyboard, try StoryboardLoader(registry: nil).load(.file(file)))
        }
    }

    func testAStoryboardOverrideReordersTheFlowWithoutCodeChanges() throws {
        try onMainActor {
            // The entry list first, the preferences one key away: only the file changes.
            let storyboard = """
                storyboard: Settings
                initial: pick
                scenes:
                  pick: {kind: SettingsEntryList, title: Jump to, keys: {enter: showDetails, p: showPreferences, esc: done}}
                  prefs: {kind: Preferences, title: Options, keys: {enter: next}}
                segues:
                  showPreferences: {from: pick, to: prefs, kind: push}
                keys: {esc: back, down: down}
                """
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(["One", "Two"]),
                storyboard: .text(storyboard, fileName: "Settings.storyboard"))
            XCTAssertEqual(harness.window.titlePath, ["Entries", "Jump to"])
            assertScreenContains(harness.screen, "One")
            harness.screen.send([.character("p"), .enter])
            XCTAssertEqual(harness.window.titlePath, ["Entries", "Jump to", "Options"])
            XCTAssertEqual(try harness.storedPreferences().sortOrder, .oldest)
            // Back on the list, which now honours the order just chosen (oldest first: Two, One).
            harness.screen.send([.escape, .down, .enter])
            XCTAssertEqual(
                harness.flow.calls.last.map { if case .showDetails(let entry) = $0 { entry.title } else { "" } }, "One")
        }
    }

    func testABrokenOverrideIsRefusedWithEveryProblemAndWhereItIs() throws {
        try onMainActor {
            let storyboard = """
                storyboard: Options
                initial: prefs
                scenes:
                  prefs: {kind: Preference, title: Options, keys: {enter: nxt, q: done}}
                """
            XCTAssertThrowsError(
                try SettingsHarness(
                    size: Size(width: 80, height: 24), storyboard: .text(storyboard, fileName: "Settings.storyboard"))
            ) { error in
                let message = String(describing: error)
                XCTAssertTrue(error is StoryboardLoadError, message)
                XCTAssertTrue(message.contains("Settings.storyboard:1:"), message)
                XCTAssertTrue(message.contains("`Options`"), message)
                XCTAssertTrue(message.contains("Settings.storyboard:4:"), message)
                XCTAssertTrue(message.contains("Preference"), message)
            }
        }
    }

    func testAMissingOverrideFileIsAnErrorNotACrash() throws {
        try onMainActor {
            let missing = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "no-such-\(UUID().uuidString).storyboard")
            XCTAssertThrowsError(try SettingsHarness(size: Size(width: 80, height: 24), storyboard: .file(missing))) {
                error in
                XCTAssertTrue(String(describing: error).contains("cannot read"), String(describing: error))
            }
            XCTAssertThrowsError(
                try SettingsHarness(
                    size: Size(width: 80, height: 24), storyboard: .resource(nil, fileName: "Settings.storyboard")))
        }
    }
}
