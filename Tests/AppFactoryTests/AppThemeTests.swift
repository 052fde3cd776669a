import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import XCTest

/// Each built-in theme chosen in the config styles the list, the details and a dialog; `NO_COLOR`
/// (colour not allowed) wins over any theme.
final class AppThemeTests: XCTestCase {
    @MainActor
    private static func app(
        theme name: String, directory: TemporaryDirectory, colorAllowed: Bool = true
    ) throws -> AppHarness {
        var configuration = UserConfiguration(path: "/cfg/config.yaml")
        configuration.theme = .init(name, line: 1)
        return try AppHarness(
            directory: directory, size: Size(width: 80, height: 14), colorAllowed: colorAllowed,
            userConfiguration: configuration)
    }

    /// Every point of the screen whose text starts with `text`, as (x, y).
    @MainActor
    private static func points(of text: String, in screen: HeadlessScreen) -> [Point] {
        screen.lines.enumerated().compactMap { y, line in
            line.range(of: text).map { Point(x: line.distance(from: line.startIndex, to: $0.lowerBound), y: y) }
        }
    }

    func testEachThemeStylesTheListTheDetailsAndADialog() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            for (name, theme) in Theme.builtIn {
                let app = try Self.app(theme: name, directory: directory)
                // The list: the header, the selected row, a key name in the status bar.
                assertStyle(app.screen, at: Point(x: 0, y: 0), equals: theme.header)
                XCTAssertTrue(app.lines[1].hasPrefix("Daily walk"), name)
                assertStyle(app.screen, at: Point(x: 0, y: 1), equals: theme.selection)
                assertStyle(app.screen, at: Point(x: 0, y: 13), equals: theme.keyName)
                // The details: the header and the status bar's key names.
                try app.press("enter")
                assertScreenContains(app.screen, "Around the lake.")
                assertStyle(app.screen, at: Point(x: 0, y: 0), equals: theme.header)
                assertStyle(app.screen, at: Point(x: 0, y: 13), equals: theme.keyName)
                // A dialog: its border and its highlighted answer.
                try app.press("d")
                let corner = try XCTUnwrap(Self.points(of: "┌", in: app.screen).first, "\(name): \(app.lines)")
                assertStyle(app.screen, at: corner, equals: theme.border)
                let no = try XCTUnwrap(Self.points(of: "No (n)", in: app.screen).first, "\(name): \(app.lines)")
                assertStyle(app.screen, at: no, equals: theme.selection)
                try app.press("n")
            }
        }
    }

    func testAColourPerRoleIsPutOverTheTheme() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            var configuration = UserConfiguration(path: "/cfg/config.yaml")
            configuration.theme = .init("light", line: 1)
            configuration.colors = .init(
                [.init(role: .selection, background: .rgb(0xFF, 0xD7, 0x00), line: 3)], line: 2)
            let app = try AppHarness(
                directory: directory, size: Size(width: 80, height: 14), userConfiguration: configuration)
            var expected = Theme.light.selection
            expected.background = .rgb(0xFF, 0xD7, 0x00)
            assertStyle(app.screen, at: Point(x: 0, y: 1), equals: expected)
            // the other roles keep the theme's
            assertStyle(app.screen, at: Point(x: 0, y: 0), equals: Theme.light.header)
        }
    }

    func testTheThemesDiffer() {
        let themes = Theme.builtIn.map(\.theme)
        XCTAssertEqual(Set(themes).count, themes.count, "four different themes")
        XCTAssertEqual(Theme.named("mono"), Theme.monochrome)
        XCTAssertNil(Theme.named("Light"))
    }

    func testNoColorWinsOverAnyTheme() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try Self.app(theme: "light", directory: directory, colorAllowed: false)
            try app.press("d")
            for y in 0..<14 {
                for x in 0..<80 {
                    let style = app.screen.style(at: Point(x: x, y: y))
                    XCTAssertEqual(style.foreground, .default, "(\(x), \(y))")
                    XCTAssertEqual(style.background, .default, "(\(x), \(y))")
                }
            }
        }
    }
}
