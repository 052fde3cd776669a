import AppShell
import XCTest

/// Themes and the style transforms behind colour on/off and layered spans.
final class ThemeTests: XCTestCase {
    func testWithoutColorKeepsAttributesAndTurnsBackgroundsIntoReverse() {
        XCTAssertEqual(Style(foreground: .red, attributes: .bold).withoutColor, Style(attributes: .bold))
        XCTAssertEqual(Style(foreground: .black, background: .cyan).withoutColor, Style(attributes: .reverse))
        XCTAssertEqual(Style.plain.withoutColor, .plain)
    }

    func testMonochromeHasNoColourAndKeepsSelectionAndHeaderVisible() {
        let theme = Theme.monochrome
        let styles = [
            theme.header, theme.statusBar, theme.statusInfo, theme.statusError, theme.selection, theme.border,
            theme.borderTitle, theme.dim, theme.keyName, theme.cursor, theme.scrollThumb,
        ]
        for style in styles {
            XCTAssertEqual(style.foreground, .default)
            XCTAssertEqual(style.background, .default)
        }
        XCTAssertTrue(theme.selection.attributes.contains(.reverse))
        XCTAssertTrue(theme.header.attributes.contains(.reverse))
        XCTAssertNotEqual(theme.selection, Style.plain)
    }

    func testOverFillsDefaultsFromTheBase() {
        let base = Style(foreground: .white, background: .blue, attributes: .bold)
        XCTAssertEqual(
            Style(foreground: .red).over(base), Style(foreground: .red, background: .blue, attributes: .bold))
        XCTAssertEqual(Style.plain.over(base), base)
        XCTAssertEqual(Style(attributes: .underline).over(.plain), Style(attributes: .underline))
    }
}

/// `Window.adopt(_:)`: the chrome takes the new theme at once, and every scene that adopts themes gets
/// it, including the ones under the top of a navigation stack and the modals.
final class WindowAdoptThemeTests: XCTestCase {
    @MainActor
    private final class ThemedScene: ThemeAdoptingScene {
        let title: String
        private(set) var theme: Theme
        init(title: String, theme: Theme) {
            self.title = title
            self.theme = theme
        }
        func adopt(_ theme: Theme) { self.theme = theme }
        func handle(_ key: Key) -> Bool { false }
        func render(into buffer: inout Buffer, area: Rect) {
            buffer.put(title, at: Point(x: area.x, y: area.y), style: theme.selection, clip: area)
        }
    }

    func testTheChromeAndEveryThemedSceneTakeTheNewTheme() {
        MainActor.assumeIsolated {
            let under = ThemedScene(title: "Under", theme: .dark)
            let top = ThemedScene(title: "Top", theme: .dark)
            let modal = ThemedScene(title: "Modal", theme: .dark)
            let navigation = NavigationScene(root: under)
            navigation.stack.push(top)
            let window = Window(root: navigation, configuration: WindowConfiguration(theme: .dark))
            window.present(modal)
            let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 10))
            XCTAssertEqual(screen.style(at: Point(x: 0, y: 0)), Theme.dark.header)

            window.adopt(.light)
            _ = screen.render()
            XCTAssertEqual(screen.style(at: Point(x: 0, y: 0)), Theme.light.header)
            XCTAssertEqual(under.theme, .light, "the scene under the top of the stack")
            XCTAssertEqual(top.theme, .light)
            XCTAssertEqual(modal.theme, .light)
            XCTAssertEqual(window.theme, .light)
        }
    }
}
