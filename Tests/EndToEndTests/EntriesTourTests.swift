import Foundation
import XCTest

/// The tour of issue 5 with the real `entries` binary in a 100×30 tmux pane, on a temporary database
/// of five entries: browsing, details and back, search, Settings (sort order, opening an entry),
/// adding, editing and deleting through `$EDITOR`, and quitting with the terminal restored.
final class EntriesTourTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    private func startTour() throws -> EntriesTourFixture {
        let tour = try EntriesTourFixture(width: 100, height: 30)
        fixture = tour
        return tour
    }

    func testDetailsMoreDetailsAndBackKeepThePosition() throws {
        let tour = try startTour()
        let list = try tour.launch()
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: list), EntriesTourFixture.newestFirst)
        XCTAssertEqual(tour.footer(of: list), "1 of 5")

        try tour.press("j", until: "the second row selected") { tour.footer(of: $0) == "2 of 5" }
        let details = try tour.press("Enter", until: "the details of the second entry") {
            $0.contains("Body of zucchini.")
        }
        XCTAssertEqual(EntriesTourFixture.header(of: details), "Entries › Details", details)
        XCTAssertTrue(details.contains("Zucchini notes"), details)
        XCTAssertFalse(details.contains("Mango notes"), "the list is still shown:\n\(details)")

        let more = try tour.press("m", until: "more details") {
            EntriesTourFixture.header(of: $0) == "Entries › Details › More details"
        }
        XCTAssertTrue(more.contains("Tags"), more)

        try tour.press("Escape", until: "back to the details") {
            $0.contains("Body of zucchini.") && !$0.contains("More details")
        }
        let back = try tour.press("Escape", until: "back to the list") { $0.contains("Mango notes") }
        XCTAssertEqual(tour.footer(of: back), "2 of 5", "the list is not at the same position:\n\(back)")
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: back), EntriesTourFixture.newestFirst)

        try quitAndCheckRestored(tour)
    }

    func testSearchNarrowsAsYouTypeEnterKeepsEscClears() throws {
        let tour = try startTour()
        try tour.launch()
        try tour.press("j", until: "the second row selected") { tour.footer(of: $0) == "2 of 5" }

        try tour.press("/", until: "the search line") { $0.contains("/ ") && $0.contains("esc clear search") }
        try tour.tmux.press("-l", "kiw")
        let narrowed = try tour.waitForFrame("the list narrowed to kiwi") { screen in
            screen.contains("Kiwi notes") && !screen.contains("Mango notes") && screen.contains("1 match")
        }
        XCTAssertFalse(narrowed.contains("Apple notes"), narrowed)

        let kept = try tour.press("Enter", until: "the results kept") { tour.footer(of: $0).contains("1 of 1") }
        XCTAssertTrue(tour.footer(of: kept).contains("1 match for"), kept)
        XCTAssertTrue(kept.contains("Kiwi notes") && !kept.contains("Mango notes"), kept)

        let cleared = try tour.press("Escape", until: "the full list again") { $0.contains("Mango notes") }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: cleared), EntriesTourFixture.newestFirst)
        XCTAssertEqual(tour.footer(of: cleared), "2 of 5", "the position before the search is lost:\n\(cleared)")

        try quitAndCheckRestored(tour)
    }

    /// Issue 14: snippets under the matches, `D` to filter by a date phrase (in the header; Esc
    /// clears), `J` to go to the entry nearest a date.
    func testSnippetsDateFilterAndGoToDate() throws {
        let tour = try startTour()
        try tour.launch()
        try tour.press("/", until: "the search line") { $0.contains("esc clear search") }
        try tour.tmux.press("-l", "body")
        let matches = try tour.waitForFrame("every entry, each with its snippet") {
            $0.contains("5 matches") && $0.contains("Body of kiwi.")
        }
        XCTAssertTrue(matches.contains("\n  Body of mango."), "the snippet under its title:\n\(matches)")
        // (The preview beside the list shows the selected entry's body, so the snippets' absence is read in the footer.)
        try tour.press("Escape", until: "the full list again") { tour.footer(of: $0) == "1 of 5" }

        try tour.press("D", until: "the date prompt") { $0.contains("on: ") }
        try tour.tmux.press("-l", "2024-01-03")
        let filtered = try tour.press("Enter", until: "the list of that day") {
            EntriesTourFixture.header(of: $0).contains("“2024-01-03”")
        }
        XCTAssertTrue(filtered.contains("Apple notes") && !filtered.contains("Mango notes"), filtered)
        XCTAssertEqual(tour.footer(of: filtered), "dated “2024-01-03” · 1 of 1")
        try tour.press("Escape", until: "every date again, on the same entry") {
            $0.contains("Mango notes") && tour.footer(of: $0) == "3 of 5"
        }

        try tour.press("J", until: "the go-to prompt") { $0.contains("go to: ") }
        try tour.tmux.press("-l", "2024-01-02")
        try tour.press("Enter", until: "Banana notes selected") { tour.footer(of: $0) == "4 of 5" }
        try quitAndCheckRestored(tour)
    }

    func testSettingsChangeTheSortOrderAndOpenAnEntry() throws {
        let tour = try startTour()
        try tour.launch()

        let settings = try tour.press("s", until: "Settings") { $0.contains("List sort order") }
        XCTAssertEqual(EntriesTourFixture.header(of: settings), "Entries › Settings", settings)
        XCTAssertTrue(settings.contains("Newest first"), settings)
        try tour.press("Enter", until: "the next sort order") { $0.contains("Oldest first") }
        try tour.press("Enter", until: "the title order") { $0.contains("Title A") }
        let reordered = try tour.press("Escape", until: "Settings closed") { !$0.contains("List sort order") }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.byTitle, in: reordered), EntriesTourFixture.byTitle,
            "the list is not sorted by title:\n\(reordered)")

        try tour.press("s", until: "Settings again") { $0.contains("List sort order") }
        let picker = try tour.press("e", until: "the entries of Settings") {
            EntriesTourFixture.header(of: $0) == "Entries › Settings › Open an entry"
        }
        XCTAssertTrue(picker.contains("Mango notes"), picker)
        // Settings' list follows the sort order, by title now: the last row is Zucchini.
        try tour.tmux.press("G")
        let details = try tour.press("Enter", until: "the picked entry's details") { $0.contains("Body of zucchini.") }
        XCTAssertEqual(
            EntriesTourFixture.header(of: details), "Entries › Details", "Settings is still shown:\n\(details)")
        XCTAssertFalse(details.contains("Open an entry"), details)
        XCTAssertFalse(details.contains("Mango notes"), "the list or Settings shows through:\n\(details)")

        let list = try tour.press("Escape", until: "the list") { $0.contains("Apple notes") }
        // By title, Zucchini is the last row: the list shows where the picked entry is.
        XCTAssertEqual(tour.footer(of: list), "5 of 5", list)

        try quitAndCheckRestored(tour)
    }

    func testAddEditAndDeleteReachTheDatabase() throws {
        let tour = try startTour()
        try tour.launch()

        try tour.setNextEditorText(
            "Title: Papaya notes\nTags: tour, new\n\nBody of papaya.\n--- more details ---\nPapaya more.\n")
        let added = try tour.press("a", until: "the added entry") {
            $0.contains("Papaya notes") && $0.contains(" of 6")
        }
        XCTAssertTrue(
            try tour.lastEditorInput().contains("-->\nTitle: \nTags: \n\n"), "add did not start from an empty entry")
        XCTAssertEqual(tour.footer(of: added), "1 of 6", "the new entry is not selected:\n\(added)")
        XCTAssertEqual(try tour.storedTitles(), ["Papaya notes"] + EntriesTourFixture.newestFirst)

        try tour.setNextEditorText(
            "Title: Papaya edited\nTags: tour\n\nBody of papaya, edited.\n--- more details ---\n")
        try tour.press("e", until: "the edited entry") { $0.contains("Papaya edited") }
        let given = try tour.lastEditorInput()
        XCTAssertTrue(
            given.hasPrefix("<!--") && given.contains("-->\nTitle: Papaya notes\nTags: tour, new\nDate: ")
                && given.contains("\n\nBody of papaya.\n"), "the editor got:\n\(given)")
        XCTAssertEqual(try tour.storedTitles(), ["Papaya edited"] + EntriesTourFixture.newestFirst)

        let confirm = try tour.press("d", until: "the delete confirmation") { $0.contains("to the trash?") }
        XCTAssertTrue(confirm.contains("Papaya edited"), confirm)
        let afterDelete = try tour.press("y", until: "the entry deleted") { screen in
            !tour.contentRows(of: screen).contains("Papaya edited") && tour.footer(of: screen).hasSuffix(" of 5")
        }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: afterDelete),
            EntriesTourFixture.newestFirst)
        XCTAssertEqual(try tour.storedTitles(), EntriesTourFixture.newestFirst)

        // `u` takes the changes back, newest first: the delete, then the edit.
        let undone = try tour.press("u", until: "the delete undone") { $0.contains("Undid delete of “Papaya edited”") }
        XCTAssertEqual(tour.footer(of: undone), "1 of 6", "the restored entry is not selected:\n\(undone)")
        XCTAssertEqual(try tour.storedTitles(), ["Papaya edited"] + EntriesTourFixture.newestFirst)
        try tour.press("u", until: "the edit undone") {
            $0.contains("Undid edit of “Papaya notes”") && $0.contains("Papaya notes")
        }
        XCTAssertEqual(try tour.storedTitles(), ["Papaya notes"] + EntriesTourFixture.newestFirst)

        try quitAndCheckRestored(tour)
    }

    /// `q`, then the shell's own screen is back with the terminal settings it had, and status 0.
    /// Issue 14: `*` stars the selected entry (the row shows it, the database keeps it), `f` shows
    /// the starred entries only, and Esc shows them all again.
    func testStarAnEntryAndShowStarredOnly() throws {
        let tour = try startTour()
        try tour.launch()
        try tour.press("j", until: "the second row selected") { tour.footer(of: $0) == "2 of 5" }
        let starred = try tour.press("*", until: "the star in the row") { $0.contains("* Zucchini notes") }
        XCTAssertFalse(starred.contains("* Mango notes"), starred)
        let only = try tour.press("f", until: "starred entries only") { tour.footer(of: $0).hasPrefix("starred") }
        XCTAssertTrue(only.contains("Zucchini notes") && !only.contains("Mango notes"), only)
        XCTAssertEqual(tour.footer(of: only), "starred · 1 of 1")
        try tour.press("Escape", until: "every entry again") { $0.contains("Mango notes") }
        let exported = String(decoding: try tour.runEntries(["list", "--starred", "--json"]), as: UTF8.self)
        XCTAssertTrue(exported.contains("Zucchini notes") && exported.contains(#""starred":true"#), exported)
        try quitAndCheckRestored(tour)
    }

    private func quitAndCheckRestored(
        _ tour: EntriesTourFixture, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try tour.tmux.press("q")
        try tour.waitForShell(file: file, line: line)
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0, file: file, line: line)
    }
}
