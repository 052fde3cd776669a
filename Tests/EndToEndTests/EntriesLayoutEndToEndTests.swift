import Foundation
import XCTest

/// A person's layouts on the real binary under tmux: a re-laid-out list and details at 120×40, 80×24
/// and 40×12 (the number and date first, the star as ★, the tags hidden), a re-laid-out preview beside
/// a column of word counts, and a broken layout that stops the start with its located errors before
/// the terminal is touched.
final class EntriesLayoutEndToEndTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    /// `$XDG_CONFIG_HOME` with `entries/layouts/` holding `files` (name → text).
    private func configHome(in tour: EntriesTourFixture, _ files: [String: String]) throws -> URL {
        let home = tour.directory.appendingPathComponent("xdg", isDirectory: true)
        let folder = home.appendingPathComponent("entries/layouts", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return home
    }

    private static let list = """
        kind: EntryList
        gap: 1
        row:
          - {outlet: id, width: 3, align: right, prefix: "#"}
          - {outlet: created, date: long, width: fit, shown-from: 50}
          - {outlet: title, width: fill}
        """
    private static let details = """
        kind: EntryDetails
        lines:
          - {show: [{text: "No. "}, id], role: dim}
          - {outlet: title, bold: true}
          - {rule: "="}
        body: body
        """

    func testAPersonsListAndDetailsLayoutsAtThreeSizes() throws {
        for (width, height) in [(120, 40), (80, 24), (40, 12)] {
            let tour = try EntriesTourFixture(width: width, height: height)
            fixture = tour
            let home = try configHome(in: tour, ["EntryList.layout": Self.list, "EntryDetails.layout": Self.details])
            let screen = try tour.launch(
                command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand)
            // Newest first, Mango (imported fifth) on top: its number, then (when wide enough) its date.
            let rows = screen.split(separator: "\n").map(String.init)
            let mango = try XCTUnwrap(rows.first { $0.contains("Mango notes") }, screen)
            if width >= 50 {
                XCTAssertTrue(mango.hasPrefix(" #5 2024-01-05 "), "\(width)×\(height): \(mango)")
            } else {
                XCTAssertTrue(mango.hasPrefix(" #5 Mango notes"), "\(width)×\(height): \(mango)")
            }
            // From 100 columns the preview beside the list shows the selected entry's tags; the rows do not.
            if width < 100 { XCTAssertFalse(screen.contains("tour"), "the tags are not shown: \(screen)") }
            let detailsScreen = try tour.press("Enter", until: "the details, laid out") {
                $0.contains("Body of mango.")
            }
            let lines = detailsScreen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(
                Array(lines[1...3]), ["No. 5", "Mango notes", String(repeating: "=", count: width)],
                "\(width)×\(height)")
            tour.finish()
            fixture = nil
        }
    }

    /// The preview re-laid out (its word count above the title) beside a list whose last column is
    /// each entry's word count, kept by the journal: right-aligned against the preview's border.
    func testAPersonsPreviewLayoutAndAWordsColumn() throws {
        let tour = try EntriesTourFixture(width: 120, height: 40)
        fixture = tour
        let home = try configHome(
            in: tour,
            [
                "EntryList.layout":
                    "kind: EntryList\nrow:\n  - {outlet: title, width: fill}\n  - {outlet: words, width: fit}\n",
                "EntryPreview.layout": """
                kind: EntryPreview
                lines:
                  - {show: [{text: "Words: "}, words], role: dim}
                  - {outlet: title, bold: true}
                  - {rule: "-"}
                body: body
                """,
            ])
        let screen = try tour.launch(
            command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand)
        let rows = screen.split(separator: "\n").map(String.init)
        let mango = try XCTUnwrap(rows.first { $0.contains("Mango notes") }, screen)
        let listPart = try XCTUnwrap(mango.split(separator: "│").first, mango)
        // Right-aligned: the count ends the list's part of the row, after the title's room.
        XCTAssertTrue(listPart.contains("Mango notes" + String(repeating: " ", count: 20)), mango)
        XCTAssertTrue(listPart.trimmingCharacters(in: .whitespaces).hasSuffix(" 3"), mango)
        XCTAssertTrue(screen.contains("│ Words: 3"), screen)
        XCTAssertTrue(screen.contains("│ Mango notes"), "the title below the count: \(screen)")
    }

    func testABrokenLayoutStopsTheStartWithItsLocatedErrors() throws {
        let tour = try EntriesTourFixture(width: 120, height: 30)
        fixture = tour
        let home = try configHome(
            in: tour, ["EntryList.layout": "kind: EntryList\nrow:\n  - {outlet: titel, width: fill}\n"])
        try tour.tmux.typeLine(
            "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) \(tour.appCommand); echo status=$?")
        let screen = try tour.tmux.waitForScreen("the error and the status") {
            $0.range(of: "status=[0-9]", options: .regularExpression) != nil
        }.split(separator: "\n").joined()
        XCTAssertTrue(screen.contains("status=1"), screen)
        // The pane wraps the long line: look for its parts.
        XCTAssertTrue(screen.contains("EntryList.layout:3:14: error: `EntryList` has no outlet `titel`"), screen)
        XCTAssertTrue(screen.contains("mean `title`?"), screen)
        XCTAssertFalse(screen.contains(" of 5"), "the app did not start: \(screen)")
    }
}
