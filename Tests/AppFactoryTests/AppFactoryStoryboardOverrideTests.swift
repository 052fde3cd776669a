import AppFactory
import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// `--storyboards DIR` (`AppConfiguration.storyboardDirectory`): an invalid file stops the factory
/// before the terminal is touched, with the file and line; a valid one rewires the flow with the same
/// compiled code.
final class AppFactoryStoryboardOverrideTests: XCTestCase {
    func testAnInvalidEntriesStoryboardStopsTheFactoryNamingFileAndLine() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            // A segue to a scene that does not exist (a typo).
            try directory.write(
                Self.builtInEntries().replacingOccurrences(
                    of: "showMoreDetails: {from: [list, details], to: moreDetails,",
                    with: "showMoreDetails: {from: [list, details], to: moreDetail,"),
                to: "Entries.storyboard")
            let line = try Self.lineNumber(
                of: "to: moreDetail,", in: directory.url.appendingPathComponent("Entries.storyboard"))
            let terminal = RecordingTerminal()
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            XCTAssertThrowsError(
                try AppFactory(
                    configuration: configuration, store: StoreFactory(configuration: configuration), terminal: terminal)
            ) { error in
                guard let loadError = error as? StoryboardLoadError else {
                    return XCTFail("expected a StoryboardLoadError, got \(error)")
                }
                let errors = loadError.diagnostics.errors
                XCTAssertEqual(errors.count, 1, loadError.description)
                XCTAssertEqual(errors.first?.fileName, "Entries.storyboard")
                XCTAssertEqual(errors.first?.line, line)
                XCTAssertEqual(
                    errors.first?.description.hasPrefix("Entries.storyboard:\(line):"), true, loadError.description)
                XCTAssertTrue(loadError.description.contains("unknown scene `moreDetail`"), loadError.description)
            }
            XCTAssertTrue(terminal.runRoots.isEmpty, "nothing ran in the terminal")
        }
    }

    func testAnInvalidSettingsStoryboardStopsTheFactoryToo() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(
                "storyboard: Settings\ninitial: preferences\nscenes:\n  preferences: {kind: Nonsense}\n",
                to: "Settings.storyboard")
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            XCTAssertThrowsError(
                try AppFactory(
                    configuration: configuration, store: StoreFactory(configuration: configuration),
                    terminal: RecordingTerminal())
            ) { error in
                let description = String(describing: error)
                XCTAssertTrue(error is StoryboardLoadError, description)
                XCTAssertTrue(description.hasPrefix("Settings.storyboard:4:"), description)
                XCTAssertTrue(description.contains("Nonsense"), description)
            }
        }
    }

    /// The launch's check (run while the store opens) reports every broken storyboard at once, each
    /// with its warnings as lint prints them, and passes the built-in ones.
    func testTheLaunchCheckReportsEveryBrokenStoryboardAtOnce() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            XCTAssertNoThrow(try AppFactory.checkStoryboards(of: configuration))
            try directory.write(
                Self.builtInEntries().replacingOccurrences(
                    of: "showMoreDetails: {from: [list, details], to: moreDetails,",
                    with: "showMoreDetails: {from: [list, details], to: moreDetail,"),
                to: "Entries.storyboard")
            try directory.write(
                "storyboard: Settings\ninitial: preferences\nscenes:\n  preferences: {kind: Nonsense}\n",
                to: "Settings.storyboard")
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration)) { error in
                guard let loadError = error as? StoryboardLoadError else {
                    return XCTFail("expected a StoryboardLoadError, got \(error)")
                }
                let files = Set(loadError.diagnostics.errors.map(\.fileName))
                XCTAssertEqual(files, ["Entries.storyboard", "Settings.storyboard"], loadError.description)
                XCTAssertTrue(loadError.description.contains("unknown scene `moreDetail`"), loadError.description)
                XCTAssertTrue(loadError.description.contains("Nonsense"), loadError.description)
            }
        }
    }

    /// The launch hands the catalog it checked to the factory, which runs those storyboards and does
    /// not read the folder again (a file broken after the check changes nothing).
    func testTheFactoryRunsTheStoryboardsTheLaunchChecked() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(Self.moreDetailsFirst, to: "Entries.storyboard")
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            let checked = try AppFactory.checkStoryboards(of: configuration)
            try directory.write("name: Entries\nscenes: [", to: "Entries.storyboard")
            XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration), "the file is broken now")
            let terminal = RecordingTerminal()
            let factory = try AppFactory(
                configuration: configuration, store: StoreFactory(configuration: configuration), terminal: terminal,
                storyboards: checked)
            try factory.appController.launch(in: terminal)
            let root = try XCTUnwrap(terminal.runRoots.last)
            let screen = HeadlessScreen(root: root, size: Size(width: 60, height: 14))
            XCTAssertEqual(
                screen.lines.last?.hasPrefix("enter more  o open"), true, "the checked override runs: \(screen.lines)")
        }
    }

    /// The layouts too are used as the launch checked them, not read again (a layout file broken
    /// after the check changes nothing; a factory that checks by itself refuses it).
    func testTheFactoryUsesTheLayoutsTheLaunchChecked() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let shipped = try SourceTree(containing: #filePath).text(of: "Sources/EntryUI/Layouts/EntryList.layout")
            try directory.write(shipped, to: "EntryList.layout")
            var configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            configuration.layoutDirectories = [directory.url]
            let checked = try AppFactory.checkStoryboards(of: configuration)
            try directory.write("layout: EntryList\nrow: [nonsense", to: "EntryList.layout")
            XCTAssertThrowsError(
                try AppFactory(
                    configuration: configuration, store: StoreFactory(configuration: configuration),
                    terminal: RecordingTerminal()), "the file is broken now")
            XCTAssertNoThrow(
                try AppFactory(
                    configuration: configuration, store: StoreFactory(configuration: configuration),
                    terminal: RecordingTerminal(), storyboards: checked))
        }
    }

    /// The contexts run the storyboards as the launch validated them, not validated a second time
    /// (each storyboard is checked once per start): a storyboard's warnings found at the check are
    /// the ones its context keeps, as when the factory checks it itself.
    func testTheCheckedStoryboardsRunValidatedOnceWithTheirWarnings() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(
                """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                  details: {kind: EntryDetails, title: Details}
                segues:
                  showDetails: {from: list, to: details, kind: present}
                  entryDeleted: {from: details, kind: unwind}
                """, to: "Entries.storyboard")
            let configuration = AppConfiguration(
                databasePath: directory.databasePath, storyboardDirectory: directory.url)
            let checked = try AppFactory.checkStoryboards(of: configuration)
            guard case .validated(let storyboard, let warnings)? = checked.context(named: "Entries")?.source else {
                return XCTFail("not handed on as validated: \(String(describing: checked.context(named: "Entries")))")
            }
            XCTAssertEqual(storyboard.scenes.map(\.identifier), ["list", "details"])
            XCTAssertTrue(
                warnings.contains { $0.line == 5 && $0.message.contains("no key leads back out") },
                warnings.map(\.description).joined(separator: "\n"))
            let ran = try AppFactory(
                configuration: configuration, store: StoreFactory(configuration: configuration),
                terminal: RecordingTerminal(), storyboards: checked)
            let readAgain = try AppFactory(
                configuration: configuration, store: StoreFactory(configuration: configuration),
                terminal: RecordingTerminal())
            XCTAssertEqual(ran.entriesController.storyboardWarnings, warnings)
            XCTAssertEqual(readAgain.entriesController.storyboardWarnings, warnings)
            // Every context is handed on validated, the built-in storyboards too.
            for context in checked.contexts {
                guard case .validated = context.source else { return XCTFail("\(context.name): \(context.source)") }
            }
        }
    }

    func testAValidOverrideReordersTheFlowWithTheSameCompiledCode() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(Self.moreDetailsFirst, to: "Entries.storyboard")
            let app = try AppHarness(
                directory: directory, size: Size(width: 60, height: 14), overridesStoryboards: true)
            try app.press("j", "enter")
            XCTAssertEqual(app.header, "Entries › More details")
            XCTAssertEqual(try app.entriesScenes, ["list", "moreDetails"])
            assertScreenContains(app.screen, "Body          18 bytes, 18 characters")  // "Apples and pastry."
            try app.press("esc")
            XCTAssertEqual(try app.entriesScenes, ["list"])
            assertScreenContains(app.screen, "2 of 4")
            try app.press("o")
            XCTAssertEqual(app.header, "Entries › Details")
            XCTAssertEqual(app.lines[1], "Apple pie")
            try app.press("m")
            XCTAssertEqual(app.header, "Entries › Details › More details")
            try app.press("esc", "esc")
            XCTAssertEqual(try app.entriesScenes, ["list"])
            XCTAssertEqual(app.lines.last?.hasPrefix("enter more  o open"), true, app.lines.last ?? "")
        }
    }

    func testTheAppControllerStillShowsDetailsFromSettingsWithTheOverride() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(Self.moreDetailsFirst, to: "Entries.storyboard")
            let app = try AppHarness(
                directory: directory, size: Size(width: 60, height: 14), overridesStoryboards: true)
            try app.press("enter")
            try app.press("s", "e", "G", "enter")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(
                try app.entriesScenes, ["list", "details"], "showDetails goes from the list, as the storyboard says")
            XCTAssertEqual(app.lines[1], "Banana bread")
        }
    }

    /// Entries.storyboard with more details before details: Enter on the list opens more details, and
    /// `o` opens the details.
    private static let moreDetailsFirst = """
        storyboard: Entries
        initial: list
        scenes:
          list:
            kind: EntryList
            title: Entries
            keys: {enter: showMoreDetails, o: showDetails, "/": search}
          moreDetails:
            kind: EntryMoreDetails
            title: More details
            keys: {esc: back}
          details:
            kind: EntryDetails
            title: Details
            keys: {m: showMoreDetails, esc: back}
        segues:
          showMoreDetails: {from: [list, details], to: moreDetails, kind: push, help: more}
          showDetails: {from: list, to: details, kind: push, help: open}
          back: {from: [details, moreDetails], kind: unwind}
        keys: {s: showSettings, q: quit, j: down, k: up, G: last}
        """

    private static func builtInEntries() throws -> String {
        try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Entries.storyboard")
    }

    private static func lineNumber(of text: String, in file: URL) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(text) }) else { throw CocoaError(.fileReadCorruptFile) }
        return index + 1
    }
}
