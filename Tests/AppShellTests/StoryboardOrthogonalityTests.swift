import AppShell
import XCTest

/// The proof that storyboards are orthogonal to code: the same compiled scene kinds (`FakeContext`)
/// run several storyboards that reorder the flow, change the initial scene, turn a push into a
/// present and rebind keys, and each new flow works when driven by keys. No code changes between them.
final class StoryboardOrthogonalityTests: XCTestCase {
    func testBaseFlowListDetailMore() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.demo)
            try harness.press("enter", "m")
            XCTAssertEqual(try harness.visiblePath, ["list", "detail", "more"])
            XCTAssertEqual(try harness.root.titlePath, ["Items", "Detail", "More"])
        }
    }

    func testMoreBeforeDetailWithTheSameKinds() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.reversed)
            try harness.press("j", "enter")
            XCTAssertEqual(try harness.visiblePath, ["list", "more"])
            XCTAssertEqual(try harness.visibleItem?.name, "beta")
            try harness.press("d")
            XCTAssertEqual(try harness.visiblePath, ["list", "more", "detail"])
            XCTAssertEqual(try harness.visibleItem?.name, "beta", "the item travelled through both scenes")
            try harness.press("l")
            XCTAssertEqual(try harness.visiblePath, ["list"])
        }
    }

    func testADifferentInitialScene() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.welcomeFirst)
            XCTAssertEqual(try harness.visiblePath, ["welcome"])
            try harness.press("enter")
            XCTAssertEqual(try harness.visiblePath, ["list"], "welcome was replaced by the list")
            try harness.press("enter")
            XCTAssertEqual(try harness.visiblePath, ["list", "detail"])
            XCTAssertEqual(try harness.visibleItem?.name, "alpha")
        }
    }

    func testAPushChangedToAPresent() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.presented)
            try harness.press("enter")
            XCTAssertEqual(try harness.root.sceneIdentifiers, ["list"])
            XCTAssertEqual(try harness.visiblePath, ["detail"], "the detail is in its own, presented navigator")
            try harness.press("m")
            XCTAssertEqual(try harness.visiblePath, ["detail", "more"])
            try harness.press("esc", "esc")
            XCTAssertEqual(try harness.visiblePath, ["list"])
        }
    }

    func testKeysReboundAndATransitionChangedToReplace() throws {
        try onMainActor {
            let harness = try StoryboardHarness(StoryboardFixtures.rebound)
            XCTAssertEqual(try harness.press("enter"), [false], "enter is no longer bound in this storyboard")
            try harness.press("o")
            XCTAssertEqual(try harness.visiblePath, ["list", "detail"])
            try harness.press("tab")
            XCTAssertEqual(try harness.visiblePath, ["list", "more"])
            try harness.press("x")
            XCTAssertEqual(try harness.visiblePath, ["list"])
            try harness.press("ctrl-r")
            XCTAssertEqual(harness.journal.events.last, "refresh Items")
        }
    }

    func testTheSameCodeRunsEveryFixture() {
        onMainActor {
            // One registry value, every storyboard: all load without errors against it.
            let registry = FakeContext().registry()
            for (name, text) in [
                ("demo", StoryboardFixtures.demo), ("reversed", StoryboardFixtures.reversed),
                ("welcomeFirst", StoryboardFixtures.welcomeFirst),
                ("presented", StoryboardFixtures.presented), ("rebound", StoryboardFixtures.rebound),
            ] {
                let result = StoryboardLoader(registry: registry).diagnose(.text(text, fileName: "\(name).storyboard"))
                XCTAssertTrue(result.isUsable, "\(name): \(result.diagnostics)")
            }
        }
    }
}
