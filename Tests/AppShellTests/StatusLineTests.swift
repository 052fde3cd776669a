import AppShell
import AppShellTesting
import XCTest

/// The status line: messages in their kind's style, expiry by the injected clock, key hints.
final class StatusLineTests: XCTestCase {
    func testShowsKeyHintsThatFitWhole() {
        onMainActor {
            let status = StatusLine()
            let hints = [
                KeyHelp(key: "enter", summary: "open"), KeyHelp(key: "/", summary: "search"),
                KeyHelp(key: "q", summary: "quit"),
            ]
            let screen = HeadlessScreen(
                scene: WidgetScene(render: { status.render(into: &$0, area: $1, keyHelp: hints) }),
                size: Size(width: 22, height: 1)
            )
            assertScreen(screen, equals: ["enter open  / search"])
            assertStyle(screen, row: 0, columns: 0..<5, equals: Theme.default.keyName)
            assertStyle(screen, at: Point(x: 6, y: 0), equals: Theme.default.statusBar)
        }
    }

    func testMessagesHaveTheirKindsStyleAndExpire() {
        onMainActor {
            var now = ContinuousClock.now
            let status = StatusLine(duration: .seconds(2), now: { now })
            let screen = HeadlessScreen(
                scene: WidgetScene(render: {
                    status.render(into: &$0, area: $1, keyHelp: [KeyHelp(key: "q", summary: "quit")])
                }),
                size: Size(width: 12, height: 1)
            )
            status.show("Could not open the database", kind: .error)
            screen.render()
            assertScreen(screen, equals: ["Could not o…"])
            assertStyle(screen, row: 0, columns: 0..<12, equals: Theme.default.statusError)
            XCTAssertFalse(status.expireIfStale())
            now += .seconds(2)
            XCTAssertTrue(status.expireIfStale())
            screen.render()
            assertScreen(screen, equals: ["q quit"])
            status.show("Copied")
            screen.render()
            assertStyle(screen, at: Point(x: 0, y: 0), equals: Theme.default.statusInfo)
            status.clear()
            XCTAssertNil(status.message)
        }
    }

    func testEachFrameShowsItsOwnKeysThemeAndWidthAndClicksFindThem() {
        // The window draws the bar and asks where its hints are at every frame; the hints laid out
        // for one frame are kept for the next, and must be laid out again when anything changes.
        onMainActor {
            let status = StatusLine()
            var keys = [KeyHelp(key: "enter", summary: "open"), KeyHelp(key: "/", summary: "search")]
            var buffer = Buffer(size: Size(width: 22, height: 1))
            status.render(into: &buffer, area: buffer.area, keyHelp: keys)
            assertScreen(buffer, equals: ["enter open  / search"])
            XCTAssertEqual(status.hintColumns(area: buffer.area, keyHelp: keys).map(\.keyName), ["enter", "/"])
            keys = [KeyHelp(key: "e", summary: "edit"), KeyHelp(key: "d", summary: "delete")]
            buffer = Buffer(size: Size(width: 22, height: 1))
            status.render(into: &buffer, area: buffer.area, keyHelp: keys)
            assertScreen(buffer, equals: ["e edit  d delete"])
            XCTAssertEqual(status.hintColumns(area: buffer.area, keyHelp: keys).map(\.columns), [0..<6, 8..<16])
            buffer = Buffer(size: Size(width: 10, height: 1))
            status.render(into: &buffer, area: buffer.area, keyHelp: keys)
            assertScreen(buffer, equals: ["e edit"])
            XCTAssertEqual(buffer[0, 0].style, Theme.default.keyName)
            var theme = Theme.default
            theme.keyName = Style(foreground: .ansi(1), attributes: .underline)
            status.theme = theme
            status.render(into: &buffer, area: buffer.area, keyHelp: keys)
            XCTAssertEqual(buffer[0, 0].style, theme.keyName, "the new theme's key style")
        }
    }

    func testMessagesFromDataAreSanitized() {
        onMainActor {
            let status = StatusLine()
            status.show("bad \u{1B}]52;c;AAAA\u{07} name")
            var buffer = Buffer(size: Size(width: 30, height: 1))
            status.render(into: &buffer, area: buffer.area, keyHelp: [])
            assertScreen(buffer, equals: ["bad ^[]52;c;AAAA^G name"])
        }
    }
}

/// The window's "? help" hint keeps its place at the right end of the status bar.
final class StatusLineTrailingHintTests: XCTestCase {
    private static let hints = [
        KeyHelp(key: "enter", summary: "open"), KeyHelp(key: "m", summary: "more"),
        KeyHelp(key: "/", summary: "search"),
    ]

    @MainActor
    private static func screen(width: Int) -> HeadlessScreen {
        let status = StatusLine()
        return HeadlessScreen(
            scene: WidgetScene(render: {
                status.render(into: &$0, area: $1, keyHelp: hints, trailing: KeyHelp(key: "?", summary: "help"))
            }),
            size: Size(width: width, height: 1))
    }

    func testTheTrailingHintStaysAtTheRightEndAndWholeHintsFillTheRest() {
        onMainActor {
            let wide = Self.screen(width: 40)
            assertScreen(wide, equals: ["enter open  m more  / search      ? help"])
            assertStyle(wide, at: Point(x: 34, y: 0), equals: Theme.default.keyName)
            assertStyle(wide, at: Point(x: 30, y: 0), equals: Theme.default.statusBar)
            assertScreen(Self.screen(width: 24), equals: ["enter open        ? help"])
            assertScreen(Self.screen(width: 6), equals: ["? help"])
        }
    }

    func testTooNarrowForTheTrailingHintShowsWhatFits() {
        onMainActor {
            assertScreen(Self.screen(width: 5), equals: [""])
            let status = StatusLine()
            let screen = HeadlessScreen(
                scene: WidgetScene(render: {
                    status.render(
                        into: &$0, area: $1, keyHelp: [KeyHelp(key: "q", summary: "go")],
                        trailing: KeyHelp(key: "?", summary: "help"))
                }),
                size: Size(width: 5, height: 1))
            assertScreen(screen, equals: ["q go"])  // no room for the trailing hint: the others fill the bar
        }
    }
}
