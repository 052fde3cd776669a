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
        let styles = [theme.header, theme.statusBar, theme.statusInfo, theme.statusError, theme.selection, theme.border,
                      theme.borderTitle, theme.dim, theme.keyName, theme.cursor, theme.scrollThumb]
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
        XCTAssertEqual(Style(foreground: .red).over(base), Style(foreground: .red, background: .blue, attributes: .bold))
        XCTAssertEqual(Style.plain.over(base), base)
        XCTAssertEqual(Style(attributes: .underline).over(.plain), Style(attributes: .underline))
    }
}
