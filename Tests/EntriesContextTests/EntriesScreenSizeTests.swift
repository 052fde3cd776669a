import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The context at any size: a small terminal, a big one, a single cell, and resizing in between.
final class EntriesScreenSizeTests: XCTestCase {
    /// Every key the context reacts to, in an order that visits every scene and mode.
    static let tour = [
        "j", "G", "g", "pgdn", "enter", "j", "m", "G", "esc", "esc", "/", "a", "down", "enter", "esc",
        "t", "j", "enter", "esc", "d", "n", "enter", "e", "esc",
    ]

    func testFortyByTwelve() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 40, height: 12))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "apple pie                    11 Jan 2026",
                    "Carrot notes                 6 Jan 2026",
                    "Banana bread                 3 Jan 2026",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "1 of 3",
                    "enter open  m more  / search      ? help",
                ])
            try harness.press("enter")
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "apple pie",
                    "Tags: food, sweet",
                    "Created 11 Jan 2026 · Updated 12 Jan 20…",
                    "────────────────────────────────────────",
                    "No text.",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "m more  esc/backspace back        ? help",
                ])
        }
    }

    func testTheWholeTourAtEverySize() throws {
        try onMainActor {
            let sizes = [
                Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 3, height: 3),
                Size(width: 10, height: 4),
                Size(width: 40, height: 12), Size(width: 120, height: 40), Size(width: 0, height: 0),
            ]
            for size in sizes {
                let harness = try EntriesHarness(entries: Samples.threeEntries, size: size)
                harness.editor.script = [{ text in text + "more" }]
                for key in Self.tour { try harness.press(key) }
                XCTAssertEqual(harness.screen.lines.count, size.height, "\(size)")
            }
        }
    }

    func testOneRowScreensShowTheSelectedRowAsFarAsItFits() throws {
        try onMainActor {
            let tiny = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 1, height: 1))
            XCTAssertEqual(tiny.lines, ["…"])
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 3, height: 1))
            XCTAssertEqual(harness.lines, ["ap…"])
            try harness.press("j")
            XCTAssertEqual(harness.lines, ["Ca…"])
        }
    }

    func testResizingKeepsTheSelectionVisible() throws {
        try onMainActor {
            let entries = (1...100).map { Samples.draft("Note \($0)", day: $0 % 80) }
            let harness = try EntriesHarness(entries: entries, size: Size(width: 120, height: 40))
            for _ in 0..<30 { try harness.press("j") }
            harness.screen.resize(to: Size(width: 40, height: 12))
            assertScreenContains(harness.screen, "31 of 100")
            XCTAssertNotNil(harness.screen.lines.dropFirst().first { !$0.isEmpty })
            harness.screen.resize(to: Size(width: 120, height: 40))
            assertScreenContains(harness.screen, "31 of 100")
        }
    }
}
