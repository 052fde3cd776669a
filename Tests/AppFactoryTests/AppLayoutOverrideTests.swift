import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// A person's `EntryList.layout` (in `$XDG_CONFIG_HOME/entries/layouts/` or a `--storyboards` folder)
/// re-lays out the list in the whole app; a broken one stops the start, before the terminal is
/// touched, with the lines `entries layout lint` prints, and the built-in layout is never half-replaced.
final class AppLayoutOverrideTests: XCTestCase {
    private static let dateFirst = """
        kind: EntryList
        row:
          - {outlet: created, date: long, width: fit}
          - {outlet: id, width: 3, align: right}
          - {outlet: title, width: fill}
        """

    /// `EntryList.layout` lays out the Entries list; Settings' entry list is a kind of its own and keeps
    /// its rows.
    func testAPersonsListLayoutRelaysOutTheListNotSettingsEntryList() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            let layouts = directory.url.appendingPathComponent("layouts", isDirectory: true)
            try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
            try Self.dateFirst.write(
                to: layouts.appendingPathComponent("EntryList.layout"), atomically: true, encoding: .utf8)
            let harness = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 60, height: 8), layoutDirectories: [layouts])
            harness.ownedDirectory = directory
            let long = DateStyle.iso.format(KnownEntries.date(day: 20))
            XCTAssertEqual(harness.lines[1], long + "    4  Daily walk")
            try harness.press("s", "e")
            let screen = harness.lines.joined(separator: "\n")
            XCTAssertFalse(screen.contains(long), screen)
            XCTAssertTrue(harness.lines.contains { $0.contains("│Daily walk ") }, screen)
        }
    }

    /// A person's `SettingsEntryList.layout` lays out Settings' entry list, and only it.
    func testAPersonsSettingsEntryListLayoutRelaysOutSettingsOnly() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            let layouts = directory.url.appendingPathComponent("layouts", isDirectory: true)
            try FileManager.default.createDirectory(at: layouts, withIntermediateDirectories: true)
            try Self.dateFirst.replacingOccurrences(of: "kind: EntryList", with: "kind: SettingsEntryList").write(
                to: layouts.appendingPathComponent("SettingsEntryList.layout"), atomically: true, encoding: .utf8)
            XCTAssertEqual(LayoutCatalog(directories: [layouts]).problems, [])
            let harness = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 60, height: 8), layoutDirectories: [layouts])
            harness.ownedDirectory = directory
            let long = DateStyle.iso.format(KnownEntries.date(day: 20))
            XCTAssertFalse(harness.lines[1].contains(long), harness.lines[1])
            XCTAssertTrue(harness.lines[1].hasPrefix("Daily walk"), harness.lines[1])
            try harness.press("s", "e")
            XCTAssertTrue(
                harness.lines.contains { $0.contains(long + "    4  Daily walk") },
                harness.lines.joined(separator: "\n"))
        }
    }

    /// The six-column row `scripts/bench-tui.sh` times with a person's layouts loads without a problem
    /// and lays out the whole app's list: all six columns from 100 wide, the words and the updated
    /// date gone at 40.
    func testTheBenchsSixColumnLayoutRelaysOutTheList() throws {
        try onMainActor {
            let folder = try SourceTree(containing: #filePath).url("scripts/bench-layouts/six-columns")
            XCTAssertEqual(LayoutCatalog(directories: [folder]).problems, [])
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let wide = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 120, height: 8), layoutDirectories: [folder])
            let screen = wide.lines.joined(separator: "\n")
            // The star's column, the title filling the rest, the date, the words (right-aligned), the
            // time since the last change (relative to today), then the tags.
            let walk = wide.lines[1]
            XCTAssertTrue(walk.hasPrefix("   Daily walk    "), screen)
            XCTAssertTrue(walk.contains("  \(KnownEntries.shortDate(day: 20))  3  "), screen)
            XCTAssertTrue(walk.hasSuffix(" ago"), screen)
            XCTAssertTrue(wide.lines[2].hasSuffix(" ago   food, sweet"), screen)
            let narrow = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 40, height: 8), layoutDirectories: [folder])
            XCTAssertEqual(
                Array(narrow.lines[1...2]),
                [
                    "   Daily walk                " + KnownEntries.shortDate(day: 20),
                    "   Apple pie                 " + KnownEntries.shortDate(day: 10),
                ])
        }
    }

    /// A person's `EntryMoreDetails.layout` file lays out more details in the whole app (the scene
    /// writes its lines as text, apart from the other kinds' renderer).
    func testAPersonsMoreDetailsLayoutFileRelaysOutMoreDetails() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(
                """
                kind: EntryMoreDetails
                lines:
                  - show: [{outlet: id, prefix: "No. "}, {text: " · "}, {outlet: words, suffix: " words"}]
                  - {outlet: tags, label: "Tags: ", empty: "(none)"}
                """, to: "EntryMoreDetails.layout")
            XCTAssertEqual(LayoutCatalog(directories: [directory.url]).problems, [])
            let harness = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 60, height: 8),
                layoutDirectories: [directory.url])
            try harness.press("m")
            XCTAssertEqual(
                Array(harness.lines[1...2]), ["No. 4 · 3 words", "Tags: (none)"], harness.lines.joined(separator: "\n"))
        }
    }

    func testABrokenSettingsEntryListLayoutStopsTheStartAtItsPlace() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let file = try directory.write(
                "kind: SettingsEntryList\nrow:\n  - {outlet: snippet, width: fill}\n", to: "SettingsEntryList.layout")
            let expected = [
                "\(file.path):3:14: error: `SettingsEntryList` has no outlet `snippet`; it offers: star, title, date, "
                    + "created, updated, tags, id, words"
            ]
            XCTAssertEqual(LayoutCatalog(directories: [directory.url]).problems.map(\.description), expected)
            var configuration = AppConfiguration(databasePath: directory.databasePath)
            configuration.layoutDirectories = [directory.url]
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration)) { error in
                XCTAssertEqual((error as? StoryboardLoadError)?.diagnostics.map(\.description), expected)
            }
        }
    }

    func testTheFirstFolderWithTheFileWins() throws {
        let first = try TemporaryDirectory.withKnownEntries()
        let second = try TemporaryDirectory.withKnownEntries()
        defer { first.remove(); second.remove() }
        try first.write(Self.dateFirst, to: "EntryList.layout")
        try second.write("kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n", to: "EntryList.layout")
        let catalog = LayoutCatalog(directories: [first.url, second.url])
        XCTAssertEqual(catalog.problems, [])
        XCTAssertEqual(catalog.listRow.origin, first.url.appendingPathComponent("EntryList.layout").path)
        XCTAssertEqual(catalog.listRow.columns.count, 3)
        XCTAssertEqual(LayoutCatalog(directories: []).listRow, LayoutCatalog.builtIn["EntryList"])
    }

    func testABrokenLayoutStopsTheStartWithTheLintLinesBeforeTheTerminal() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let file = try directory.write(
                "kind: EntryList\nrow:\n  - {outlet: titel, width: fill}\n  - {outlet: tags, width: fit, role: dimm}\n",
                to: "EntryList.layout")
            let expected = [
                "\(file.path):3:14: error: `EntryList` has no outlet `titel`; did you mean `title`?",
                "\(file.path):4:38: error: unknown theme role `dimm`; did you mean `dim`?",
            ]
            XCTAssertEqual(LayoutCatalog(directories: [directory.url]).problems.map(\.description), expected)
            var configuration = AppConfiguration(databasePath: directory.databasePath)
            configuration.layoutDirectories = [directory.url]
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration)) { error in
                XCTAssertEqual((error as? StoryboardLoadError)?.diagnostics.map(\.description), expected)
            }
            let terminal = RecordingTerminal()
            XCTAssertThrowsError(
                try AppFactory(
                    configuration: configuration, store: StoreFactory(configuration: configuration), terminal: terminal)
            ) { error in
                XCTAssertEqual((error as? StoryboardLoadError)?.diagnostics.map(\.description), expected)
            }
            XCTAssertTrue(terminal.runRoots.isEmpty, "nothing ran in the terminal")
        }
    }

    func testAMisnamedLayoutFileIsReportedNotIgnored() throws {
        let directory = try TemporaryDirectory.withKnownEntries()
        defer { directory.remove() }
        let file = try directory.write(
            "kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n", to: "Entrylist.layout")
        XCTAssertEqual(
            LayoutCatalog(directories: [directory.url]).problems.map(\.description),
            [
                "\(file.path): error: the app never reads this file: did you mean `EntryList.layout`? a layout file is named after its kind (`EntryList.layout`, `EntryDetails.layout`, `EntryPreview.layout`, `EntryMoreDetails.layout`, `SettingsEntryList.layout`)"
            ])
    }
}
