import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// Entry titles and tags are data: whatever they contain, they are drawn as visible text inside their
/// row and never reach the terminal as control sequences or break the box around the list.
final class SettingsEntryListSanitizingTests: XCTestCase {
    private static let hostileTitles = [
        "\u{1b}[2J\u{1b}[31mclear and red",
        "bell\u{07} and NUL\u{0} and DEL\u{7f}",
        "line one\nline two\r\nthree",
        "C1 \u{9b}31m CSI",
        "tab\there",
        "\u{202e}right-to-left override",
        "wide 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字",
        "combining e\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}",
        String(repeating: "long ", count: 2_000),
        "",
    ]

    func testHostileTitlesAndTagsRenderAsVisibleTextInsideTheirRows() throws {
        try onMainActor {
            let drafts = SettingsHarness.drafts(Self.hostileTitles, tags: [["\u{1b}]0;title\u{07}"]])
            for size in [Size(width: 120, height: 40), Size(width: 40, height: 12), Size(width: 12, height: 5)] {
                let harness = try SettingsHarness(size: size, entries: drafts)
                harness.screen.send(.character("e"))
                harness.screen.send(Array(repeating: Key.down, count: Self.hostileTitles.count))
                for (row, line) in harness.screen.lines.enumerated() {
                    let unsafe = line.unicodeScalars.filter { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }
                    XCTAssertEqual(unsafe.count, 0, "row \(row) at \(size): \(line.debugDescription)")
                }
                // Every row of the box still ends on its right border.
                let rows = harness.screen.paddedLines.filter { $0.contains("│") }
                XCTAssertFalse(rows.isEmpty, "the box is drawn at \(size)")
                for row in rows {
                    XCTAssertEqual(row.displayWidth, size.width, "\(row.debugDescription) at \(size)")
                    XCTAssertTrue(
                        row.trimmingCharacters(in: .whitespaces).hasSuffix("│"), "\(row.debugDescription) at \(size)")
                }
            }
        }
    }

    func testControlCharactersAreShownInCaretNotation() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 120, height: 40),
                entries: SettingsHarness.drafts(Self.hostileTitles, tags: [["\u{1b}]0;title\u{07}"]]))
            harness.screen.send(.character("e"))
            assertScreenContains(harness.screen, "│^[[2J^[[31mclear and red")
            assertScreenContains(harness.screen, "20 Nov 2026  ^[]0;title^G│")
            assertScreenContains(harness.screen, "bell^G and NUL^@ and DEL^?")
            assertScreenContains(harness.screen, "line one^Jline two^M^Jthree")
        }
    }
}
