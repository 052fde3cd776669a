import AppFactory
import AppShell
import EntriesContext
import EntryModel
import XCTest

/// The config file checked like a storyboard: every problem at once, located, with "did you mean".
final class UserConfigurationFileTests: ConfigFileTestCase {
    func testEverySettingIsRead() throws {
        let configuration = try load(
            """
            # mine
            database: ~/notes/journal.sqlite
            editor: code --wait
            theme: high-contrast
            mouse: off
            sort: title
            date-format: relative
            confirm-delete: no
            color: false
            first-day-of-week: sunday
            """)
        XCTAssertEqual(configuration.database, .init("/home/me/notes/journal.sqlite", line: 2))
        XCTAssertEqual(configuration.editor, .init("code --wait", line: 3))
        XCTAssertEqual(configuration.theme, .init("high-contrast", line: 4))
        XCTAssertEqual(configuration.mouse, .init(false, line: 5))
        XCTAssertEqual(configuration.sortOrder, .init(.title, line: 6))
        XCTAssertEqual(configuration.dateStyle, .init(.relative, line: 7))
        XCTAssertEqual(configuration.confirmBeforeDelete, .init(false, line: 8))
        XCTAssertEqual(configuration.colorEnabled, .init(false, line: 9))
        XCTAssertEqual(configuration.firstWeekday, .init(.sunday, line: 10))
        XCTAssertEqual(configuration.applied(to: .defaults).firstWeekday, .sunday)
    }

    func testATemplateInlineOrFromAFile() throws {
        XCTAssertEqual(try load("template: \"## {date}\\n\"").newEntryTemplate, NewEntryTemplate(body: "## {date}\n"))
        let file = try directory.write("Mood:\nWeather:\n", to: "new.md")
        XCTAssertEqual(try load("template: \(file.path)").template?.value, "Mood:\nWeather:\n")
        // A missing template concerns writing: the file loads, and what writes a new entry reports it.
        let missing = try load("template: /nowhere/new.md\ndate-format: relative")
        XCTAssertEqual(missing.dateStyle?.value, .relative, "the rest of the file applies")
        XCTAssertNil(missing.template)
        XCTAssertThrowsError(try missing.checkTemplate()) { error in
            let path = directory.url.appendingPathComponent("config.yaml").path
            XCTAssertEqual(
                (error as? UserConfigurationError)?.diagnostics.map {
                    $0.description.replacingOccurrences(of: path, with: "config.yaml")
                },
                ["config.yaml:1:11: error: `template` names the file /nowhere/new.md, which does not exist"])
        }
        XCTAssertNoThrow(try load("template: \(file.path)").checkTemplate())
    }

    func testColoursPerRoleOverTheTheme() throws {
        let configuration = try load(
            """
            theme: light
            colors:
              selection: {foreground: black, background: "#ffd700"}
              key-name: {foreground: 208}
              border: {background: bright-cyan}
            """)
        XCTAssertEqual(configuration.colors?.line, 2)
        XCTAssertEqual(
            configuration.colors?.value,
            [
                .init(role: .selection, foreground: .black, background: .rgb(0xFF, 0xD7, 0x00), line: 3),
                .init(role: .keyName, foreground: .indexed(208), line: 4),
                .init(role: .border, background: .ansi(14), line: 5),
            ])
        var expected = Theme.light
        expected.selection = Style(foreground: .black, background: .rgb(0xFF, 0xD7, 0x00))
        expected.keyName.foreground = .indexed(208)
        expected.border.background = .ansi(14)
        XCTAssertEqual(configuration.resolvedTheme, expected)
        XCTAssertEqual(UserConfiguration(path: "").resolvedTheme, .dark)
    }

    func testColourProblemsAreLocated() throws {
        XCTAssertEqual(
            try problems(
                """
                colors:
                  selecton: {foreground: black}
                  key-name: {forground: 208, background: bleu}
                  dim: red
                  cursor: {foreground: "#12345g", background: 256}
                """),
            [
                "config.yaml:2:3: error: unknown role `selecton` in `colors`; did you mean `selection`?",
                "config.yaml:3:14: error: `key-name` has only foreground and background, found `forground`; did you mean `foreground`?",
                "config.yaml:3:42: error: `key-name.background` must be a colour (a name such as red or bright-blue, 0–255, or \"#rrggbb\"), found `bleu`; did you mean `blue`?",
                "config.yaml:4:8: error: `dim` must be {foreground: …, background: …}, found `red`",
                "config.yaml:5:24: error: `cursor.foreground` must be a colour (a name such as red or bright-blue, 0–255, or \"#rrggbb\"), found `#12345g`",
                "config.yaml:5:47: error: `cursor.background` must be a colour (a name such as red or bright-blue, 0–255, or \"#rrggbb\"), found the number `256`",
            ])
    }

    /// `preview:` on or off at start, and the sizes from which the pane is beside or below the list.
    func testThePreviewSettings() throws {
        let configuration = try load("preview: off\npreview-width: 140\npreview-height: 50\n")
        XCTAssertEqual(configuration.preview, .init(false, line: 1))
        XCTAssertEqual(configuration.previewWidth, .init(140, line: 2))
        XCTAssertEqual(configuration.previewHeight, .init(50, line: 3))
        XCTAssertEqual(
            configuration.previewLayout, EntryPreviewLayout(shownAtStart: false, minimumWidth: 140, minimumHeight: 50))
        XCTAssertEqual(try load("# none\n").previewLayout, .standard)
        XCTAssertTrue(EntryPreviewLayout.standard.shownAtStart, "on by default, where the terminal is big enough")
        XCTAssertEqual(
            try problems("preview: sometimes\npreview-widht: 90\npreview-width: 5\npreview-height: tall\n"),
            [
                "config.yaml:1:10: error: `preview` must be true or false, found `sometimes`",
                "config.yaml:2:1: error: unknown setting `preview-widht`; did you mean `preview-width`?",
                "config.yaml:3:16: error: `preview-width` must be a whole number from 20 to 1000, found the number `5`",
                "config.yaml:4:17: error: `preview-height` must be a whole number from 20 to 1000, found `tall`",
            ])
    }

    func testMissingAndEmptyFilesSetNothing() throws {
        let missing = try UserConfigurationFile.load(
            path: directory.url.appendingPathComponent("none.yaml").path, home: "/h")
        XCTAssertNil(missing.database)
        XCTAssertEqual(
            try load("# nothing yet\n"),
            UserConfiguration(path: directory.url.appendingPathComponent("config.yaml").path))
    }

    func testEveryProblemIsReportedAtOnceWithItsLocationAndASuggestion() throws {
        XCTAssertEqual(
            try problems(
                """
                sortt: title
                date-format: isso
                confirm-delete: maybe
                color: [1, 2]
                editor:
                theme-colour: x
                theme: lihgt
                first-day-of-week: sundy
                """),
            [
                "config.yaml:1:1: error: unknown setting `sortt`; did you mean `sort`?",
                "config.yaml:2:14: error: `date-format` must be one of iso, short, relative, found `isso`; did you mean `iso`?",
                "config.yaml:3:17: error: `confirm-delete` must be true or false, found `maybe`",
                "config.yaml:4:8: error: `color` must be true or false, found a list",
                "config.yaml:5:8: error: `editor` must be a text, found nothing",
                "config.yaml:6:1: error: unknown setting `theme-colour`; the settings are database, editor, theme, colors, mouse, sort, date-format, confirm-delete, color, first-day-of-week, template, preview, preview-width, preview-height, list-row, journals, default-journal",
                "config.yaml:7:8: error: `theme` must be one of dark, light, high-contrast, mono, found `lihgt`; did you mean `light`?",
                "config.yaml:8:20: error: `first-day-of-week` must be one of monday, saturday, sunday, found `sundy`; did you mean `sunday`?",
            ])
    }

    func testSyntaxErrorsDuplicatesAndOtherShapesAreLocated() throws {
        XCTAssertEqual(
            try problems("sort: title\nsort: oldest\n"),
            ["config.yaml:2:1: error: `sort` is set twice (first at line 1); keep one"])
        XCTAssertEqual(
            try problems("- sort\n- title\n"), ["config.yaml:1:1: error: expected `setting: value` lines, found a list"]
        )
        let syntax = try problems("sort: [title\n")
        XCTAssertEqual(syntax.count, 1)
        XCTAssertTrue(syntax[0].hasPrefix("config.yaml:2:"), syntax[0])
        XCTAssertTrue(syntax[0].contains("YAML syntax error"), syntax[0])
        let deep = try problems("sort: " + String(repeating: "[", count: 50_000) + "\n")
        XCTAssertEqual(
            deep,
            [
                "config.yaml:1: error: the file nests deeper than a config file can; it is a flat list of `setting: value` lines"
            ])
    }

    func testAFileThatCannotBeReadSaysWhy() throws {
        let folder = directory.url.appendingPathComponent("config.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertThrowsError(try UserConfigurationFile.load(path: folder.path, home: "/h")) { error in
            XCTAssertEqual(
                (error as? UserConfigurationError)?.description,
                "\(folder.path): error: cannot read the file: it is a folder")
        }
        let binary = try directory.write("", to: "binary.yaml")
        try Data([0x73, 0x6F, 0x72, 0x74, 0x3A, 0x20, 0xFF, 0xFE]).write(to: binary)
        XCTAssertThrowsError(try UserConfigurationFile.load(path: binary.path, home: "/h")) { error in
            XCTAssertEqual(
                (error as? UserConfigurationError)?.description, "\(binary.path): error: the file is not UTF-8 text")
        }
    }

    func testTheFileIsWhereXDGSays() {
        XCTAssertEqual(
            UserConfigurationFile.path(environment: ["HOME": "/home/me"]), "/home/me/.config/entries/config.yaml")
        XCTAssertEqual(
            UserConfigurationFile.path(environment: ["HOME": "/home/me", "XDG_CONFIG_HOME": "/cfg"]),
            "/cfg/entries/config.yaml")
        XCTAssertEqual(
            UserConfigurationFile.path(environment: ["HOME": "/home/me", "XDG_CONFIG_HOME": "relative"]),
            "/home/me/.config/entries/config.yaml", "a relative XDG_CONFIG_HOME is ignored, as the spec says")
    }
}
