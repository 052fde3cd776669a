import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import TrashContext
import XCTest

/// What the Trash's controller gets from `ContextSceneMaker` (EntryUI's base for composable
/// controllers): preferences and a theme reach the scenes already shown, a reference to a scene that
/// does not exist is a scene saying so, and a storyboard of another name is refused at load.
final class TrashSceneMakerTests: XCTestCase {

    func testNewPreferencesReachTheListAlreadyShown() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("Recent"), deletions: [("Recent", 3)])
            XCTAssertTrue(harness.screen.lines[2].contains("18 Nov 2026"), harness.screen.lines[2])
            var preferences = Preferences.defaults
            preferences.dateStyle = .relative
            harness.controller.apply(preferences)
            let lines = harness.screen.render().lines
            XCTAssertTrue(lines[2].contains("3 days ago"), lines.joined(separator: "\n"))
        }
    }

    func testANewThemeIsDrawnFromTheNextFrameOn() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("Recent"), deletions: [("Recent", 3)])
            let before = harness.screen.render()
            var theme = Theme.default
            theme.dim = Style(foreground: .indexed(196))
            harness.controller.adopt(theme)
            let after = harness.screen.render()
            XCTAssertNotEqual(after, before, "the dates are drawn in the new theme")
            let row = after.line(2)
            let column = try XCTUnwrap(
                row.range(of: "18 Nov").map { row.distance(from: row.startIndex, to: $0.lowerBound) })
            XCTAssertEqual(after[column, 2].style.foreground, .indexed(196))
        }
    }

    func testAReferenceToAMissingSceneIsASceneSayingSo() throws {
        try onMainActor {
            let harness = try TrashHarness(
                size: Size(width: 60, height: 8), entries: TrashHarness.drafts("A"), deletions: [("A", 1)])
            let scene = harness.controller.makeScene(startingAt: "nowhere")
            XCTAssertTrue(scene is MessageScene, "\(type(of: scene))")
            XCTAssertEqual(scene.title, TrashController.storyboardName)
        }
    }

    func testAStoryboardOfAnotherNameIsRefusedAtLoad() throws {
        try onMainActor {
            let text = "storyboard: Elsewhere\ninitial: list\nscenes:\n  list:\n    kind: TrashList\n    title: Trash\n"
            XCTAssertThrowsError(
                try TrashHarness(
                    size: Size(width: 60, height: 8), entries: [], deletions: [],
                    storyboard: .text(text, fileName: "Elsewhere.storyboard"))
            ) { error in
                XCTAssertTrue("\(error)".contains("Trash"), "\(error)")
            }
        }
    }
}
