import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The details wrap a long title by words (wide characters whole) instead of cutting it, at any
/// width, on at most half the height; more details shows the whole title and both timestamps to the
/// millisecond with the zone's offset.
final class EntryDetailsTitleTests: XCTestCase {
    static let longTitle = "A very long title about the 日本語 garden notes that goes on and on past the edge"

    @MainActor
    private static func details(_ size: Size) throws -> EntriesHarness {
        let harness = try EntriesHarness(
            entries: [Samples.draft(Self.longTitle, day: 3, tags: ["garden"], body: "Body.")], size: size)
        try harness.press("enter")
        return harness
    }

    func testAt120ColumnsTheTitleFitsOnOneRow() throws {
        try onMainActor {
            let harness = try Self.details(Size(width: 120, height: 8))
            XCTAssertEqual(
                Array(harness.lines.prefix(5)),
                [
                    "Entries › Details",
                    Self.longTitle,
                    "Tags: garden",
                    "Created 4 Jan 2026",
                    String(repeating: "─", count: 120),
                ])
        }
    }

    func testAt80ColumnsTheTitleWrapsToTwoRows() throws {
        try onMainActor {
            let harness = try Self.details(Size(width: 80, height: 10))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "A very long title about the 日本語 garden notes that goes on and on past the",
                    "edge",
                    "Tags: garden",
                    "Created 4 Jan 2026",
                    String(repeating: "─", count: 80),
                    "Body.",
                    "",
                    "",
                    "m more  e edit  d delete  r raw  u undo  * star  esc/backspace back       ? help",
                ])
        }
    }

    func testAt40ColumnsTheTitleWrapsByWordsKeepingWideCharactersWhole() throws {
        try onMainActor {
            let harness = try Self.details(Size(width: 40, height: 12))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "A very long title about the 日本語",
                    "garden notes that goes on and on past",
                    "the edge",
                    "Tags: garden",
                    "Created 4 Jan 2026",
                    String(repeating: "─", count: 40),
                    "Body.",
                    "",
                    "",
                    "",
                    "m more  esc/backspace back        ? help",
                ])
        }
    }

    func testOnAShortTerminalTheTitleTakesHalfTheRowsAndEndsWithAnEllipsis() throws {
        try onMainActor {
            let harness = try Self.details(Size(width: 40, height: 8))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "A very long title about the 日本語",
                    "garden notes that goes on and on past t…",
                    "Tags: garden",
                    "Created 4 Jan 2026",
                    String(repeating: "─", count: 40),
                    "Body.",
                    "m more  esc/backspace back        ? help",
                ])
        }
    }

    func testAHugeTitleCostsNoMoreThanItsFirstKilobytes() throws {
        try onMainActor {
            let huge = String(repeating: "word ", count: 200_000)
            let harness = try EntriesHarness(
                entries: [Samples.draft(huge, day: 3, body: "Body.")], size: Size(width: 40, height: 12))
            try harness.press("enter")
            XCTAssertEqual(harness.lines[4], "word word word word word word word word…")
            XCTAssertEqual(harness.lines[5], "No tags")
        }
    }

    func testMoreDetailsShowsTheWholeTitleAndBothTimestamps() throws {
        try onMainActor {
            let harness = try Self.details(Size(width: 80, height: 14))
            try harness.press("m")
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details › More details",
                    "No more details.",
                    "",
                    "Title         A very long title about the 日本語 garden notes that goes on and",
                    "on past the edge",
                    "Id            1",
                    "Created       2026-01-04 00:00:00.000 +00:00",
                    "Updated       2026-01-04 00:00:00.000 +00:00",
                    "Title size    84 bytes, 78 characters",
                    "Body          5 bytes, 5 characters",
                    "More details  0 bytes, 0 characters",
                    "Tags          1 (garden)",
                    "",
                    "tab/shift-tab linked from  enter open  esc/backspace back  s settings     ? help",
                ])
        }
    }
}
