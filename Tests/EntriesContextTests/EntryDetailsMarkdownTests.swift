import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The details show the body's Markdown rendered; `r` (Entries.storyboard) toggles the raw text.
final class EntryDetailsMarkdownTests: XCTestCase {
    func testBodyIsRenderedAndRTogglesTheRawText() throws {
        try onMainActor {
            let body =
                "# Plan\n\n**Bold** and `code`:\n\n| key | does |\n|---|---|\n| q | quits |\n\n- [docs](https://x.org)"
            let harness = try EntriesHarness(
                entries: [Samples.draft("Notes", day: 1, body: body)], size: Size(width: 40, height: 16))
            try harness.press("enter")
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "Notes",
                    "No tags",
                    "Created 2 Jan 2026",
                    "────────────────────────────────────────",
                    "Plan",
                    "",
                    "Bold and code:",
                    "",
                    "key │ does",
                    "────┼──────",
                    "q   │ quits",
                    "",
                    "• docs (https://x.org)",
                    "",
                    "m more  esc/backspace back        ? help",
                ])
            try harness.press("r")
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "Notes",
                    "No tags",
                    "Created 2 Jan 2026",
                    "────────────────────────────────────────",
                    "# Plan",
                    "",
                    "**Bold** and `code`:",
                    "",
                    "| key | does |",
                    "|---|---|",
                    "| q | quits |",
                    "",
                    "- [docs](https://x.org)",
                    "",
                    "m more  esc/backspace back        ? help",
                ])
        }
    }

    func testEverySampleEntryRendersWithoutMarkdownSyntaxLeft() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: SampleEntries.all, size: Size(width: 120, height: 400))
            for index in 0..<SampleEntries.all.count {
                try harness.press("enter")
                let text = harness.screen.lines.dropFirst(5).joined(separator: "\n")
                XCTAssertFalse(text.contains("**"), "entry \(index): \(text)")
                XCTAssertFalse(text.contains("|---"), "entry \(index): \(text)")
                XCTAssertFalse(text.contains("](http"), "entry \(index): \(text)")
                XCTAssertFalse(text.contains("```"), "entry \(index): \(text)")
                try harness.press("esc", "j")
            }
        }
    }
}
