import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import Foundation
import XCTest

/// `list-row:` in the config: the list row in one line (newsboat's `articlelist-format`), compiled to
/// the layout a file would give and checked the same way, its problems at their column in the line.
final class ListRowConfigTests: ConfigFileTestCase {
    private static let kind = [EntryListLayout.kind]

    func testTheOneLineFormIsTheLayoutItsFileWouldBe() throws {
        let configuration = try load(#"list-row: "{star}{title}  {created:short}  {tags}""# + "\n")
        let layout = try XCTUnwrap(configuration.listRow?.value)
        let file = LayoutLoader(kinds: Self.kind).parse(
            """
            kind: EntryList
            gap: 2
            row:
              - width: fill
                show: [{outlet: star}, {outlet: title}]
              - {outlet: created, date: short, width: fit}
              - {outlet: tags, width: fit max 40%}
            """, fileName: "EntryList.layout"
        ).layout
        XCTAssertTrue(layout.showsTheSame(as: try XCTUnwrap(file)), "\(layout)")
        XCTAssertEqual(configuration.listRow?.line, 1)
    }

    /// Spaces part the columns and the fewest between two is the gap; text touching a value is its
    /// prefix or suffix (written only with the value), text alone is literal; a flag's "format" is
    /// its mark; without `{title}` the first text column fills.
    func testSpacesPartColumnsAndTextTouchingAValueGoesWithIt() throws {
        let layout = try XCTUnwrap(try load("list-row: '{star:★ }#{id} {snippet}   [{tags}] ~'\n").listRow?.value)
        XCTAssertEqual(layout.gap, 1)
        XCTAssertEqual(layout.columns.count, 4)
        XCTAssertEqual(
            layout.columns[0].items.map(\.content),
            [.outlet(EntryRowOutlet.star.rawValue), .outlet(EntryRowOutlet.id.rawValue)])
        XCTAssertEqual(layout.columns[0].items.map(\.label), ["★ ", nil])
        XCTAssertEqual(layout.columns[0].items.map(\.prefix), ["", "#"])
        XCTAssertEqual(layout.columns[0].width, .fit(maximumPercent: nil))
        XCTAssertEqual(layout.columns[1].width, .fill(minimum: 1))
        XCTAssertEqual(layout.columns[2].items.map(\.content), [.outlet(EntryRowOutlet.tags.rawValue)])
        XCTAssertEqual(layout.columns[2].items.map { [$0.prefix, $0.suffix] }, [["[", "]"]])
        XCTAssertEqual(layout.columns[2].width, .fit(maximumPercent: 40))
        XCTAssertEqual(layout.columns[3].items.map(\.content), [.literal("~")])
    }

    /// One row per class of problem, each at the column of what is wrong in the line (the value starts
    /// after `list-row: "`, column 12): an outlet's problems at its name, a brace's at the brace.
    func testEveryProblemAtItsColumn() throws {
        XCTAssertEqual(
            try problems(#"list-row: "{star}{titel} {created}""# + "\n"),
            ["config.yaml:1:19: error: `EntryList` has no outlet `titel`; did you mean `title`?"])
        XCTAssertEqual(
            try problems(#"list-row: "{title} {tags:short}""# + "\n"),
            ["config.yaml:1:21: error: `date` formats a date; `tags` is tags"])
        XCTAssertEqual(
            try problems(#"list-row: "{title} {created:longg}""# + "\n"),
            ["config.yaml:1:21: error: unknown date `longg`; did you mean `long`?"])
        XCTAssertEqual(
            try problems(#"list-row: "{title} {created""# + "\n"),
            ["config.yaml:1:20: error: `{` is never closed; a value is written `{title}` or `{created:short}`"])
        XCTAssertEqual(
            try problems(#"list-row: "title} x""# + "\n"),
            ["config.yaml:1:17: error: `}` closes no `{`; a value is written `{title}`"])
        XCTAssertEqual(
            try problems(#"list-row: "{title} {}""# + "\n"),
            ["config.yaml:1:20: error: `{}` names no outlet; write `{title}`, `{created:short}`…"])
        XCTAssertEqual(
            try problems(#"list-row: "{title} {body}""# + "\n"),
            [
                "config.yaml:1:21: error: `EntryList` has no outlet `body`; it offers: star, title, date, created, updated, tags, snippet, id, words"
            ])
        XCTAssertEqual(
            try problems(#"list-row: "{title} \u001B[31m""# + "\n"),
            [
                "config.yaml:1:20: error: `text` contains the control character U+001B; a layout's text is shown as written, never as terminal commands"
            ])
        XCTAssertEqual(
            try problems(#"list-row: "{title}\u001B[31m""# + "\n"),
            [
                "config.yaml:1:13: error: `suffix` contains the control character U+001B; a layout's text is shown as written, never as terminal commands"
            ])
        // Every problem at once, in the order of the line: a brace that does not pair leaves the rest checked.
        XCTAssertEqual(
            try problems(#"list-row: "{star}{titel}  {tags:short}  {created""# + "\n"),
            [
                "config.yaml:1:19: error: `EntryList` has no outlet `titel`; did you mean `title`?",
                "config.yaml:1:28: error: `date` formats a date; `tags` is tags",
                "config.yaml:1:41: error: `{` is never closed; a value is written `{title}` or `{created:short}`",
            ])
        XCTAssertEqual(
            try problems("list-row: [title]\n"), ["config.yaml:1:11: error: `list-row` must be a text, found a list"])
        XCTAssertEqual(
            try problems("list-row: \"" + String(repeating: "{title}", count: 200) + "\"\n"),
            ["config.yaml:1:12: error: `list-row` is 1400 characters long; at most 1000"])
    }

    /// Whatever a stranger writes in the line, it loads or is refused with a located error: never a
    /// crash, and the cost stays bounded by the line's length.
    func testAnyLineLoadsOrIsRefused() throws {
        var generator = SeededGenerator(seed: 3131)
        let pieces = [
            "{", "}", ":", " ", "  ", "{title}", "{star}", "{created:relative}", "{tags}", "{id}", "x", "é", "漢", "\"",
            "'",
            "\\", "{snippet:short}", "{words}", "#", "{date:time}", "{{", "}}", "%", "\u{301}", "{updated:long}",
        ]
        for _ in 0..<300 {
            let line = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let result = EntryListRowFormat.layout(line, fileName: "config.yaml", line: 1, column: 12, origin: "test")
            if let layout = result.layout {
                XCTAssertEqual(result.diagnostics.errors, [], line)
                XCTAssertLessThanOrEqual(layout.columns.count, LayoutLoader.maximumParts, line)
            } else {
                XCTAssertFalse(result.diagnostics.errors.isEmpty, "refused without a reason: \(line)")
                for diagnostic in result.diagnostics {
                    XCTAssertEqual(diagnostic.line, 1, line)
                    XCTAssertGreaterThanOrEqual(diagnostic.column, 12, line)
                    XCTAssertLessThanOrEqual(diagnostic.column, 12 + line.count, "\(line): \(diagnostic)")
                }
            }
        }
    }

    /// The config's row re-lays out the list in the app; an `EntryList.layout` file as well is refused
    /// before the terminal is touched, naming both.
    func testTheAppDrawsTheConfiguredRowAndRefusesASecondOne() throws {
        let configuration = try load(#"list-row: "{id}  {title}""# + "\n")
        try onMainActor {
            let known = try TemporaryDirectory.withKnownEntries()
            defer { known.remove() }
            let harness = try AppHarness(
                databasePath: known.databasePath, size: Size(width: 40, height: 6), userConfiguration: configuration)
            XCTAssertEqual(harness.lines[1], "4  Daily walk")
            try known.write("kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n", to: "EntryList.layout")
            var app = AppConfiguration(databasePath: known.databasePath, userConfiguration: configuration)
            app.layoutDirectories = [known.url]
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: app)) { error in
                let lines = (error as? StoryboardLoadError)?.diagnostics.map(\.description) ?? []
                XCTAssertEqual(lines.count, 1, "\(error)")
                XCTAssertTrue(
                    lines.first?.hasSuffix(
                        "the list row is laid out twice: by this file and by `list-row:` in \(configuration.path):1; keep one"
                    ) == true, "\(lines)")
            }
        }
    }
}
