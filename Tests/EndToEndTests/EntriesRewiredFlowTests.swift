import Foundation
import XCTest

/// The released binary running storyboards it was not built with (`--storyboards DIR`), under tmux:
/// the same compiled code, other flows.
final class EntriesRewiredFlowTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    /// Starts the app with `entries` as its Entries storyboard.
    private func launch(entries storyboard: String, width: Int = 80, height: Int = 24) throws -> EntriesTourFixture {
        let tour = try EntriesTourFixture(width: width, height: height)
        fixture = tour
        let folder = tour.directory.appendingPathComponent("flows", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(storyboard.utf8).write(to: folder.appendingPathComponent("Entries.storyboard"))
        try tour.launch(command: tour.appCommand + " --storyboards " + EntriesTourFixture.quoted(folder.path))
        return tour
    }

    func testMoreDetailsBeforeDetailsAndBack() throws {
        let tour = try launch(
            entries: """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: openMore}}
                  more: {kind: EntryMoreDetails, title: More, keys: {enter: openDetails}}
                  details: {kind: EntryDetails, title: Details}
                segues:
                  openMore: {from: list, to: more, kind: push}
                  openDetails: {from: more, to: details, kind: push}
                  showDetails: {from: list, to: details, kind: push}
                keys: {q: quit, esc: back, j: down}
                """)
        try tour.press("j", until: "the second entry selected") { $0.contains("2 of 5") }
        try tour.press("Enter", until: "more details") { EntriesTourFixture.header(of: $0) == "Entries › More" }
        let details = try tour.press("Enter", until: "the details after more details") {
            EntriesTourFixture.header(of: $0) == "Entries › More › Details"
        }
        XCTAssertTrue(details.contains("Body of zucchini."), details)
        try tour.press("Escape", until: "back to more details") {
            EntriesTourFixture.header(of: $0) == "Entries › More"
        }
        try tour.press("Escape", until: "back to the list") { $0.contains("2 of 5") }
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }

    func testEveryKeyReboundQuitIncludedAndQDoesNothing() throws {
        let tour = try launch(
            entries: """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {o: showDetails}}
                  details: {kind: EntryDetails, title: Details}
                segues:
                  showDetails: {from: list, to: details, kind: push}
                keys: {x: quit, h: help, n: down, p: up, l: back}
                """)
        try tour.tmux.press("q")
        try tour.tmux.press("j")
        let still = try tour.press("n", until: "n moved down once") { $0.contains("2 of 5") }
        XCTAssertTrue(still.contains("x quit"), "the status bar shows the storyboard's keys:\n\(still)")
        try tour.press("h", until: "the help overlay") { $0.contains("Keys") && $0.contains("down") }
        try tour.press("h", until: "the overlay closed") { !$0.contains("┌ Keys") }
        try tour.press("o", until: "the details") { $0.contains("Body of zucchini.") }
        try tour.press("l", until: "back to the list") { $0.contains("2 of 5") }
        try tour.tmux.press("x")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }

    func testTheTagPickerPresentedFromDetailsReturnsItsTagToTheList() throws {
        let tour = try launch(
            entries: """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Entries, keys: {enter: showDetails}}
                  details: {kind: EntryDetails, title: Details, keys: {t: pickTag}}
                  tags: {kind: TagPicker, title: Pick a tag, keys: {enter: useTag}}
                segues:
                  showDetails: {from: list, to: details, kind: push}
                  pickTag: {from: details, to: tags, kind: present}
                  useTag: {from: tags, kind: unwind, to: list, returns: tag}
                keys: {q: quit, esc: back, j: down}
                """, width: 40, height: 12)
        try tour.press("Enter", until: "the details") { $0.contains("Body of mango.") }
        let picker = try tour.press("t", until: "the tag picker") { $0.contains("Pick a tag") }
        XCTAssertTrue(picker.contains("tour"), picker)
        let filtered = try tour.press("Enter", until: "the list filtered by the tag") { $0.contains("tagged") }
        XCTAssertEqual(EntriesTourFixture.header(of: filtered), "Entries", filtered)
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
