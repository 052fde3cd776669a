import AppShell
import AppShellTesting
import XCTest

/// The yes/no dialog: answers, default, self-dismissal, drawing in a window.
final class ConfirmDialogTests: XCTestCase {
    @MainActor
    private static func makeWindow() -> Window {
        Window(root: LabelScene(title: "Entries", lines: (1...10).map { "entry \($0)" }))
    }

    func testDrawnAsASmallBoxOverTheContent() {
        onMainActor {
            let window = Self.makeWindow()
            ConfirmDialog(message: "Delete this entry?", onAnswer: { _ in }).present(in: window)
            let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 12))
            assertScreen(
                screen,
                equals: [
                    "Entries › Confirm",
                    "entry 1",
                    "entry 2",
                    "entry 3  ┌ Confirm ───────────┐",
                    "entry 4  │ Delete this entry? │",
                    "entry 5  │                    │",
                    "entry 6  │  Yes (y)   No (n)  │",
                    "entry 7  └────────────────────┘",
                    "entry 8",
                    "entry 9",
                    "entry 10",
                    "y yes  n/enter/esc no",  // no `q quit` or `? help`: the question takes every key
                ])
            assertStyle(screen, row: 6, columns: 22..<28, equals: Theme.default.selection)  // "No (n)", the default
            assertStyle(screen, at: Point(x: 12, y: 6), equals: .plain)
        }
    }

    func testYesNoEnterAndEscape() {
        onMainActor {
            for (key, expected) in [
                (Key.character("y"), true), (.character("n"), false), (.escape, false), (.enter, false),
            ] {
                let window = Self.makeWindow()
                var answers: [Bool] = []
                let dialog = ConfirmDialog(message: "Sure?", onAnswer: { answers.append($0) })
                dialog.present(in: window)
                window.handle(key)
                XCTAssertEqual(answers, [expected], "\(key)")
                XCTAssertNil(window.presentedScene, "the dialog dismissed itself")
            }
        }
    }

    func testEnterGivesTheDefaultOrTheHighlightedAnswer() {
        onMainActor {
            var answers: [Bool] = []
            let yesByDefault = ConfirmDialog(message: "Sure?", defaultAnswer: true, onAnswer: { answers.append($0) })
            _ = yesByDefault.handle(.enter)
            let moved = ConfirmDialog(message: "Sure?", onAnswer: { answers.append($0) })
            _ = moved.handle(.left)
            XCTAssertTrue(moved.highlightedAnswer)
            _ = moved.handle(.enter)
            XCTAssertEqual(answers, [true, true])
        }
    }

    func testAnswersOnceAndSwallowsOtherKeys() {
        onMainActor {
            let window = Self.makeWindow()
            var answers: [Bool] = []
            let dialog = ConfirmDialog(message: "Sure?", onAnswer: { answers.append($0) })
            dialog.present(in: window)
            window.handle(.character("q"))
            XCTAssertFalse(window.isFinished, "q under a question does not quit")
            XCTAssertTrue(window.presentedScene === dialog)
            _ = dialog.handle(.character("y"))
            _ = dialog.handle(.character("n"))
            XCTAssertEqual(answers, [true])
            XCTAssertEqual(dialog.answer, true)
        }
    }

    func testLongMessagesWrapAndTinyScreensDoNotCrash() {
        onMainActor {
            let window = Self.makeWindow()
            ConfirmDialog(message: "Delete all 1234 entries in the archive? This cannot be undone.", onAnswer: { _ in })
                .present(in: window)
            let screen = HeadlessScreen(root: window, size: Size(width: 30, height: 8))
            assertScreen(
                screen,
                equals: [
                    "Entries › Confirm",
                    "┌ Confirm ───────────────────┐",
                    "│ Delete all 1234 entries in │",
                    "│ the archive? This cannot   │",
                    "│ be undone.                 │",
                    "│      Yes (y)   No (n)      │",
                    "└────────────────────────────┘",
                    "y yes  n/enter/esc no",
                ])
            for size in [
                Size(width: 1, height: 1), Size(width: 3, height: 2), Size(width: 0, height: 5),
                Size(width: 8, height: 3),
            ] {
                screen.resize(to: size)
            }
            assertScreen(screen, equals: ["…Confirm", " Yes (…", "y yes"])
        }
    }
}
