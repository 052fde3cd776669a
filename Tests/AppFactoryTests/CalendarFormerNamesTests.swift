import AppFactory
import AppShell
import AppShellTesting
import XCTest

/// The Calendar context was named Journal. A person's files written for that name (a keys.yaml
/// section, an override storyboard, a reference, the old action and kind names) are refused at start
/// with the name to write now, at their file, line and column: never taken for another name (the
/// closest action to `showJournal` is `showJournals`, the journal switcher), never ignored.
final class CalendarFormerNamesTests: XCTestCase {
    /// The Calendar's storyboard as it was written for the Journal context.
    static let journalStoryboard = """
        # My calendar keys
        storyboard: Journal
        initial: calendar
        scenes:
          calendar:
            kind: JournalCalendar
            title: Journal
            keys: {left: previousDay, enter: pickDay}
        keys:
          esc: done
        """

    func testAKeysFileWithTheOldSectionsAndActionsIsRefusedWithTheNewNames() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let keys = try directory.write(
                """
                Journal:
                  keys: {x: quit}
                journal:
                  scenes:
                    calendar: {n: nextDay}
                Entries:
                  scenes:
                    list: {c: showJournal, C: openJournal}
                """, to: "keys.yaml")
            let messages = StoryboardCatalog(keysFile: keys.path).allErrors().map {
                $0.description.replacingOccurrences(of: keys.path, with: "keys.yaml")
            }
            XCTAssertEqual(
                messages,
                [
                    "keys.yaml:1:1: error: the context `Journal` is now named `Calendar`; write `Calendar:` instead of "
                        + "`Journal:`",
                    "keys.yaml:3:1: error: the context `Journal` is now named `Calendar`; write `Calendar:` instead of "
                        + "`journal:`",
                    "keys.yaml:8:12: error: key `c` in scene `list` is bound to `showJournal`, which is neither a segue, "
                        + "an action of kind EntryList, a flow action nor a standard action; it is now named `showCalendar`",
                    "keys.yaml:8:28: error: key `C` in scene `list` is bound to `openJournal`, which is neither a segue, "
                        + "an action of kind EntryList, a flow action nor a standard action; it is now named `openCalendar`",
                ])
            XCTAssertThrowsError(try AppHarness(directory: directory, keysFile: keys.path), "the app does not start")
        }
    }

    func testAnOverrideNamedJournalIsRefusedAtItsStoryboardLine() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(Self.journalStoryboard, to: "Journal.storyboard")
            XCTAssertEqual(
                try Self.startErrors(directory),
                [
                    "Journal.storyboard:2:13: error: the app never reads this file: the context `Journal` is now named "
                        + "`Calendar`; rename the file `Calendar.storyboard` and write `storyboard: Calendar` in it"
                ])
        }
    }

    func testTheOldStoryboardUnderTheNewFileNameNamesTheNewStoryboardAndKind() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(Self.journalStoryboard, to: "Calendar.storyboard")
            XCTAssertEqual(
                try Self.startErrors(directory),
                [
                    "Calendar.storyboard:2:13: error: the file declares storyboard `Journal`: the context `Journal` is "
                        + "now named `Calendar`; write `storyboard: Calendar`",
                    "Calendar.storyboard:6:11: error: scene `calendar` has unknown kind `JournalCalendar`; it is now "
                        + "named `Calendar`: write `kind: Calendar`",
                ])
        }
    }

    func testAReferenceToTheJournalContextNamesTheCalendar() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            try directory.write(
                """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: showDetails, c: calendar, C: month, x: showJournal}}
                  details: {kind: EntryDetails, title: Details}
                segues:
                  showDetails: {from: list, to: details, kind: push}
                  calendar: {from: list, to: Journal, kind: present}
                  month: {from: list, to: Journal.calendar, kind: present}
                  entryDeleted: {from: details, kind: unwind}
                keys: {q: quit, esc: back}
                """, to: "Entries.storyboard")
            XCTAssertEqual(
                try Self.startErrors(directory),
                [
                    "Entries.storyboard:4:93: error: key `x` in scene `list` is bound to `showJournal`, which is neither a "
                        + "segue, an action of kind EntryList, a flow action nor a standard action; it is now named "
                        + "`showCalendar`",
                    "Entries.storyboard:8:30: error: segue `calendar` goes to `Journal`: the context `Journal` is now "
                        + "named `Calendar`; write `to: Calendar`",
                    "Entries.storyboard:9:27: error: segue `month` goes to `Journal.calendar`: the context `Journal` is "
                        + "now named `Calendar`; write `to: Calendar.calendar`",
                ])
        }
    }

    func testTheLinterNamesTheNewFileForAJournalStoryboard() throws {
        try onMainActor {
            let report = StoryboardLinter(registries: StoryboardCatalog().registries).lint([
                .text(Self.journalStoryboard, fileName: "Journal.storyboard")
            ])
            XCTAssertEqual(
                report.diagnostics.map(\.description),
                [
                    "Journal.storyboard:2:13: error: the context `Journal` is now named `Calendar`: the app reads its "
                        + "storyboard only from `Calendar.storyboard`, which declares `storyboard: Calendar`"
                ])
        }
    }

    func testTheNewNamesAreNoFormerNames() throws {
        try onMainActor {
            let renamed = StoryboardCatalog().renamedContexts
            XCTAssertEqual(renamed.names, ["Journal": "Calendar"])
            XCTAssertNil(renamed.renamed("Calendar"))
            XCTAssertNil(renamed.renamed("Journals"))
        }
    }

    /// What stops the app from starting with the storyboards of `directory`.
    @MainActor
    static func startErrors(_ directory: TemporaryDirectory) throws -> [String] {
        let configuration = AppConfiguration(databasePath: directory.databasePath, storyboardDirectory: directory.url)
        do {
            _ = try AppFactory.checkStoryboards(of: configuration)
            return []
        } catch let error as StoryboardLoadError {
            return error.diagnostics.map(\.description)
        }
    }
}
