import AppShell
@testable import AppShellTesting
import XCTest

/// The headless screen and the screen assertions other modules' tests are built on.
final class HeadlessScreenTests: XCTestCase {
    func testRecordsAFrameForEachRenderKeyTickAndResize() {
        onMainActor {
            let input = LineInput()
            let screen = HeadlessScreen(
                scene: WidgetScene(render: input.render(into:area:), handle: input.handle),
                size: Size(width: 6, height: 2))
            XCTAssertEqual(screen.frames.count, 1)
            XCTAssertEqual(screen.send("ab"), ["ab", ""])
            XCTAssertEqual(screen.frames.count, 3, "one frame per typed character")
            XCTAssertEqual(screen.frames[1].lines, ["a", ""])
            screen.tick()
            screen.resize(to: Size(width: 3, height: 1))
            XCTAssertEqual(screen.frames.count, 5)
            XCTAssertEqual(screen.size, Size(width: 3, height: 1))
            XCTAssertEqual(screen.paddedLines, ["ab "])
            XCTAssertEqual(screen.lines, ["ab"])
        }
    }

    func testLinesShowAWideGraphemeOnce() {
        onMainActor {
            let screen = HeadlessScreen(scene: LabelScene(title: "T", lines: ["日本 x"]), size: Size(width: 8, height: 1))
            XCTAssertEqual(screen.lines, ["日本 x"])
            XCTAssertEqual(screen.paddedLines, ["日本 x  "])
            XCTAssertTrue(screen.cell(at: Point(x: 1, y: 0)).isContinuation)
        }
    }

    func testSceneHostFinishesOnCtrlC() {
        onMainActor {
            let scene = LabelScene(title: "T")
            let screen = HeadlessScreen(scene: scene, size: Size(width: 4, height: 1))
            screen.send(.character("q"))
            XCTAssertFalse(screen.isFinished)
            screen.send(.control("c"))
            XCTAssertTrue(screen.isFinished)
            XCTAssertEqual(scene.receivedKeys, [.character("q")])
        }
    }

    func testDifferenceIsNilForEqualScreensIgnoringTrailingSpaces() {
        XCTAssertNil(ScreenDifference(expected: ["ab  ", "c"], actual: ["ab", "c "], size: Size(width: 4, height: 2)))
    }

    func testDifferenceShowsBothScreensWithTheDifferingRowsMarked() {
        let difference = ScreenDifference(
            expected: ["Entries", "> first", "second"], actual: ["Entries", "  first", "second"],
            size: Size(width: 10, height: 3))
        XCTAssertEqual(
            difference?.description,
            """
            Screen (10×3) differs on rows 2:
                expected  | actual
                "Entries" | "Entries"
            ✗2  "> first" | "  first"
                "second"  | "second"

            """)
    }

    func testDifferenceReportsAMissingRow() {
        let difference = ScreenDifference(expected: ["a"], actual: ["a", "b"], size: Size(width: 1, height: 2))
        XCTAssertEqual(difference?.differingRows, [1])
        XCTAssertTrue(difference?.description.contains("expected 1 rows, screen has 2") ?? false)
        XCTAssertTrue(difference?.description.contains("(none)") ?? false)
    }
}
