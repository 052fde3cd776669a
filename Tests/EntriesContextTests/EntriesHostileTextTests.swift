import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// Entry text from data is drawn, never obeyed: escape sequences, carriage returns and huge lines
/// show up as harmless notation, and the list columns stay aligned.
final class EntriesHostileTextTests: XCTestCase {
    static let hostileTitle = "\u{1B}[2J\u{1B}]0;pwned\u{07}Evil\rTitle\u{202E}txt"
    static let hugeLine = String(repeating: "x", count: 100_000)

    static func entries() -> [EntryDraft] {
        [
            Samples.draft(
                hostileTitle, day: 3, tags: ["a\u{1B}[31mred", "b\nc"], body: "Body \u{1B}[H\r\n\(hugeLine)\nend",
                more: "\u{1B}P+q\u{1B}\\ more"),
            Samples.draft(hugeLine, day: 2, tags: ["long"]),
            Samples.draft("Plain", day: 1),
        ]
    }

    /// Every cell holds printable text only.
    @MainActor
    static func assertNoControlCharacters(_ screen: HeadlessScreen, file: StaticString = #filePath, line: UInt = #line)
    {
        for cell in screen.buffer.cells {
            let unsafe = cell.text.unicodeScalars.filter(TextSanitizer.isUnsafe)
            XCTAssertTrue(
                unsafe.isEmpty, "cell \(cell.text.debugDescription) holds control characters", file: file, line: line)
            if !unsafe.isEmpty { return }
        }
    }

    func testTheListShowsControlsAsNotationAndKeepsColumnsAligned() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries(), size: Size(width: 80, height: 8))
            Self.assertNoControlCharacters(harness.screen)
            let rows = Array(harness.contentLines.prefix(3))
            XCTAssertTrue(rows[0].hasPrefix("^[[2J^[]0;pwned^GEvil^MTitle"), rows[0])
            let dateColumns = rows.compactMap { row in
                row.range(of: "Jan 2026").map { row.distance(from: row.startIndex, to: $0.lowerBound) }
            }
            XCTAssertEqual(dateColumns.count, 3)
            XCTAssertEqual(Set(dateColumns).count, 1, "dates line up:\n" + rows.joined(separator: "\n"))
            XCTAssertTrue(rows[1].contains("…"), "a huge title is cut with an ellipsis")
            XCTAssertTrue(harness.lines.allSatisfy { $0.count <= 80 })
        }
    }

    func testDetailsAndMoreDetailsShowHostileTextSafely() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries(), size: Size(width: 40, height: 12))
            try harness.press("enter")
            Self.assertNoControlCharacters(harness.screen)
            assertScreenContains(harness.screen, "Body ^[[H")
            XCTAssertTrue(harness.contentLines[5].hasPrefix("xxxx"), "CRLF is a line break")
            try harness.press("G")
            Self.assertNoControlCharacters(harness.screen)
            assertScreenContains(harness.screen, "end")
            try harness.press("m", "G")
            Self.assertNoControlCharacters(harness.screen)
            assertScreenContains(harness.screen, "2 (a^[[31mred, b^Jc)")
            try harness.press("g")
            assertScreenContains(harness.screen, "^[P+q^[\\ more")
        }
    }

    func testSearchingAndTaggingWithHostileTextIsSafe() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries(), size: Size(width: 40, height: 12))
            try harness.press("t")
            Self.assertNoControlCharacters(harness.screen)
            try harness.press("enter")
            Self.assertNoControlCharacters(harness.screen)
            try harness.press("esc", "/")
            harness.screen.send(.paste("\u{1B}[31mEvil\r"))
            Self.assertNoControlCharacters(harness.screen)
        }
    }
}
