import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// Tab in a long entry's details scrolls the text to the selected link, and the status bar keeps
/// the way back at every width.
final class EntryDetailsLinkScrollingTests: XCTestCase {
    private static func longEntry() -> [EntryDraft] {
        var body = (1...40).map { "Filler line \($0)." }
        body.append("Far down: [[Standup]].")
        body += (41...90).map { "Filler line \($0)." }
        body.append("Further: [[Retro]].")
        body += (91...130).map { "Filler line \($0)." }
        return [
            Samples.draft("Standup", day: 1, body: "Daily notes."),
            Samples.draft("Retro", day: 2, body: "Retro notes."),
            Samples.draft("Long", day: 3, body: body.joined(separator: "\n")),
        ]
    }

    func testTabScrollsTheTextToTheSelectedLink() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.longEntry(), size: Size(width: 80, height: 24))
            try harness.press("enter")
            XCTAssertFalse(harness.lines.contains { $0.contains("[[Standup]]") })
            try harness.press("tab")
            assertScreenContains(harness.screen, "Link 1 of 2: Standup (#1)")
            XCTAssertTrue(
                harness.lines.contains { $0.contains("Far down: [[Standup]].") }, harness.lines.joined(separator: "\n"))
            try harness.press("tab")
            XCTAssertTrue(
                harness.lines.contains { $0.contains("Further: [[Retro]].") }, harness.lines.joined(separator: "\n"))
            XCTAssertFalse(harness.lines.contains { $0.contains("[[Standup]]") })
            try harness.press("shift-tab")
            XCTAssertTrue(
                harness.lines.contains { $0.contains("Far down: [[Standup]].") }, harness.lines.joined(separator: "\n"))
            // Raw text (r) scrolls alike.
            try harness.press("r", "tab")
            XCTAssertTrue(
                harness.lines.contains { $0.contains("Further: [[Retro]].") }, harness.lines.joined(separator: "\n"))
        }
    }

    func testALinkWrappedOverTwoRowsIsScrolledToByItsStart() throws {
        try onMainActor {
            var entries = Self.longEntry()
            entries[0] = Samples.draft("Standup with a title long enough to wrap", day: 1, body: "Daily notes.")
            entries[2].body = entries[2].body.replacingOccurrences(
                of: "Far down: [[Standup]].",
                with: "Far down, and wrapped: [[Standup with a title long enough to wrap]].")
            let harness = try EntriesHarness(entries: entries, size: Size(width: 40, height: 12))
            try harness.press("enter", "tab")
            XCTAssertTrue(
                harness.lines.contains { $0.contains("[[Standup with") }, harness.lines.joined(separator: "\n"))
        }
    }

    func testTheWayBackStaysInTheStatusBarAt80And40Columns() throws {
        try onMainActor {
            for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
                let harness = try EntriesHarness(entries: Self.longEntry(), size: size)
                try harness.press("enter")
                let status = harness.lines.last ?? ""
                XCTAssertTrue(status.contains("back"), "\(size): \(status)")
                XCTAssertTrue(status.hasSuffix("? help"), "\(size): \(status)")
            }
        }
    }
}
