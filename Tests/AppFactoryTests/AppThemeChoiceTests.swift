import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import SQLiteStore
import Foundation
import XCTest

/// The theme picked in Settings: every context draws with it at once (the scene shown, the scenes
/// under it, the ones built later), it is written to the person's config file (and nothing else there
/// changes), and the next start uses it. A config file that cannot take it keeps the theme as it was.
final class AppThemeChoiceTests: XCTestCase {
    private static let size = Size(width: 80, height: 14)

    /// A config path inside `directory` (its folder does not exist yet).
    private static func configPath(in directory: TemporaryDirectory) -> String {
        directory.url.appendingPathComponent("config/entries/config.yaml").path
    }

    @MainActor
    private static func app(directory: TemporaryDirectory, configPath: String) throws -> AppHarness {
        let configuration = try UserConfigurationFile.load(path: configPath, home: directory.url.path)
        return try AppHarness(directory: directory, size: size, userConfiguration: configuration)
    }

    /// Every cell drawn in exactly `style`.
    @MainActor
    private static func cells(in screen: HeadlessScreen, styled style: Style) -> Int {
        var count = 0
        for y in 0..<size.height {
            for x in 0..<size.width where screen.style(at: Point(x: x, y: y)) == style { count += 1 }
        }
        return count
    }

    func testAThemePickedInSettingsRestylesEveryContextAtOnceAndIsKeptInTheConfigFile() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let path = Self.configPath(in: directory)
            let app = try Self.app(directory: directory, configPath: path)
            let bottom = Self.size.height - 1
            assertStyle(app.screen, at: Point(x: 0, y: 0), equals: Theme.dark.header)
            try app.press("enter", "esc")  // leaves a details scene built (and popped) with the old theme

            try app.press("s", "G")
            assertScreenContains(app.screen, "Theme")
            assertScreenContains(app.screen, "‹ Dark ›")
            try app.press("enter", "enter")  // Dark → Light → High contrast
            assertScreenContains(app.screen, "‹ High contrast ›")
            // Settings itself, and the window's chrome, at once.
            assertStyle(app.screen, at: Point(x: 0, y: 0), equals: Theme.highContrast.header)
            assertStyle(app.screen, at: Point(x: 0, y: bottom), equals: Theme.highContrast.keyName)
            XCTAssertGreaterThan(Self.cells(in: app.screen, styled: Theme.highContrast.selection), 0, "the chosen row")
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "theme: high-contrast\n")

            // The list under Settings, once uncovered, and a details scene built after the change.
            try app.press("esc")
            assertStyle(app.screen, at: Point(x: 0, y: 1), equals: Theme.highContrast.selection)
            XCTAssertEqual(Self.cells(in: app.screen, styled: Theme.dark.selection), 0)
            try app.press("enter")
            assertScreenContains(app.screen, "Around the lake.")
            assertStyle(app.screen, at: Point(x: 0, y: bottom), equals: Theme.highContrast.keyName)
            try app.press("esc")

            // The Calendar, built before the change, draws its selected day in the new selection colours.
            try app.press("c")
            XCTAssertTrue(app.header.contains("Calendar"), app.header)
            let selected = (0..<Self.size.height).flatMap { y in (0..<Self.size.width).map { Point(x: $0, y: y) } }
                .filter { point in
                    let style = app.screen.style(at: point)
                    return style.background == Theme.highContrast.selection.background
                        && style.foreground == Theme.highContrast.selection.foreground
                }
            XCTAssertFalse(selected.isEmpty, "the selected day: \(app.lines)")
            try app.press("q")

            // The next start reads it from the config file.
            let next = try Self.app(directory: directory, configPath: path)
            XCTAssertEqual(next.factory.preferences.themeName, "high-contrast")
            assertStyle(next.screen, at: Point(x: 0, y: 0), equals: Theme.highContrast.header)
            assertStyle(next.screen, at: Point(x: 0, y: 1), equals: Theme.highContrast.selection)
        }
    }

    func testTheConfigsColoursStayOverAThemePickedInSettings() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let path = Self.configPath(in: directory)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let original = "# mine\ntheme: dark   # for the evening\ncolors:\n  selection: {background: \"#ffd700\"}\n"
            try original.write(toFile: path, atomically: true, encoding: .utf8)
            let app = try Self.app(directory: directory, configPath: path)
            try app.press("s", "G", "enter", "esc")  // Dark → Light
            var expected = Theme.light.selection
            expected.background = .rgb(0xFF, 0xD7, 0x00)
            assertStyle(app.screen, at: Point(x: 0, y: 1), equals: expected)
            XCTAssertEqual(
                try String(contentsOfFile: path, encoding: .utf8),
                original.replacingOccurrences(of: "theme: dark", with: "theme: light"),
                "the line keeps its comment; nothing else moves")
        }
    }

    func testAConfigFileThatCannotTakeTheThemeKeepsTheThemeAndTheFile() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let path = Self.configPath(in: directory)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            // Valid, but the theme is not on a line of its own.
            let original = "{editor: vi, theme: dark}\n"
            try original.write(toFile: path, atomically: true, encoding: .utf8)
            let app = try Self.app(directory: directory, configPath: path)
            try app.press("s", "G", "enter")
            assertScreenContains(app.screen, "cannot keep the theme in")
            assertScreenContains(app.screen, "‹ Dark ›")
            assertStyle(app.screen, at: Point(x: 0, y: 0), equals: Theme.dark.header)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(original.utf8))
            XCTAssertEqual(app.factory.preferences.themeName, "dark")
        }
    }

    func testAThemeIsNeverKeptInTheJournal() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try Self.app(directory: directory, configPath: Self.configPath(in: directory))
            try app.press("s", "G", "enter", "esc", "q")
            let reopened = try EntryDatabase(path: directory.databasePath)
            defer { try? reopened.close() }
            XCTAssertNil(try reopened.settings.value(forKey: PreferencesStore.themeKey))
        }
    }
}
