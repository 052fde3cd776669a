import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// Links in the details: drawn as links (the theme's `link` and `missingLink` roles), selected with
/// Tab and Shift-Tab, followed with Enter through the storyboard's `showLinkedEntry` segue (details on
/// details; Esc comes back), and the entries linking here listed in the more details, openable.
final class EntryLinkFollowingTests: XCTestCase {
    private static let entries = [
        Samples.draft("Standup", day: 1, body: "Daily notes."),
        Samples.draft("Retro", day: 2, body: "After [[standup]] we met.\nSee [[Nowhere]] and [[#1|the first]]."),
        Samples.draft("Planning", day: 3, body: "Read [[Retro]].\n\n```\n[[Code only]]\n```"),
    ]

    func testTabSelectsALinkEnterFollowsItAndEscComesBack() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 60, height: 12))
            try harness.press("j", "enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            assertScreenContains(harness.screen, "3 links")
            try harness.press("enter")
            XCTAssertEqual(harness.flow.messages.last, "No link selected.")
            try harness.press("tab")
            assertScreenContains(harness.screen, "Link 1 of 3: Standup (#1)")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details", "details"])
            assertScreenContains(harness.screen, "Daily notes.")
            try harness.press("esc")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            assertScreenContains(harness.screen, "Link 1 of 3: Standup (#1)")
            try harness.press("tab")
            assertScreenContains(harness.screen, "Link 2 of 3: [[Nowhere]] leads to no entry")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"], "a link to nothing is not followed")
            XCTAssertEqual(harness.flow.messages.last, "[[Nowhere]] leads to no entry.")
            try harness.press("shift-tab", "shift-tab")
            assertScreenContains(harness.screen, "Link 3 of 3: Standup (#1)")
        }
    }

    func testLinksAreDrawnInTheThemesLinkRoles() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 60, height: 12))
            try harness.press("j", "enter")
            let buffer = harness.screen.buffer
            let rows = buffer.lines
            let theme = Theme.default
            func style(of text: String) -> Style? {
                for (y, row) in rows.enumerated() {
                    if let range = row.range(of: text) {
                        return buffer[row.distance(from: row.startIndex, to: range.lowerBound) + 2, y].style
                    }
                }
                return nil
            }
            XCTAssertEqual(style(of: "[[standup]]"), theme.link)
            XCTAssertEqual(style(of: "[[Nowhere]]"), theme.missingLink)
            XCTAssertEqual(style(of: "[[#1|the first]]"), theme.link)
            try harness.press("esc", "k", "enter")  // Planning: a link in a fenced block is code, not a link
            XCTAssertEqual(harness.screen.buffer.lines.first { $0.contains("[[Code only]]") }.map { _ in true }, true)
            let codeRow = try XCTUnwrap(harness.screen.buffer.lines.firstIndex { $0.contains("[[Code only]]") })
            let codeColumn = harness.screen.buffer.lines[codeRow].distance(
                from: harness.screen.buffer.lines[codeRow].startIndex,
                to: try XCTUnwrap(harness.screen.buffer.lines[codeRow].range(of: "[[Code only]]")).lowerBound)
            let codeStyle = harness.screen.buffer[codeColumn + 2, codeRow].style
            XCTAssertNotEqual(codeStyle, theme.link)
            XCTAssertNotEqual(codeStyle, theme.missingLink)
        }
    }

    func testMoreDetailsListTheEntriesLinkingHereNewestFirstAndOpenOne() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 60, height: 20))
            try harness.press("G", "m")  // the oldest: Standup
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails"])
            assertScreenContains(harness.screen, "Linked from (1):")
            assertScreenContains(harness.screen, "  3 Jan 2026  Retro")
            try harness.press("tab")
            assertScreenContains(harness.screen, "› 3 Jan 2026  Retro")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails", "details"])
            assertScreenContains(harness.screen, "After [[standup]] we met.")
            try harness.press("esc")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails"])
        }
    }

    /// Tab past the bottom of the view, and Shift-Tab after scrolling away, keep the selected entry on
    /// the screen: the text scrolls to it.
    func testTheSelectedEntryLinkingHereStaysInView() throws {
        try onMainActor {
            let sources = (0..<30).map { Samples.draft("Source \($0)", day: 2 + $0, body: "[[Hub]]") }
            let harness = try EntriesHarness(
                entries: [Samples.draft("Hub", day: 1, body: "The hub.")] + sources, size: Size(width: 60, height: 12))
            try harness.press("G", "m")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails"])
            for count in 1...30 {
                try harness.press("tab")
                // The first line is the breadcrumb, whose separator is the same mark.
                let selected = harness.screen.lines.dropFirst().filter { $0.contains("› ") }
                XCTAssertEqual(selected.count, 1, "after \(count) tabs: \(harness.screen.lines)")
                XCTAssertTrue(selected.first?.contains("Source \(30 - count)") == true, "\(count): \(selected)")
            }
            // Scrolled back to the top, the selection (Source 0, the last) out of view: Shift-Tab selects
            // the one before it and brings it in.
            try harness.press("home")
            XCTAssertFalse(harness.screen.lines.dropFirst().contains { $0.contains("› ") })
            try harness.press("shift-tab")
            XCTAssertTrue(harness.screen.lines.dropFirst().contains { $0.contains("› ") && $0.contains("Source 1") })
        }
    }

    /// A stranger's entry of 200,000 distinct links opens at once: the first thousand are looked up.
    func testAnEntryOfVeryManyLinksOpensAtOnce() throws {
        try onMainActor {
            let body = (1...200_000).map { "[[Page \($0)]]" }.joined(separator: " ")
            let harness = try EntriesHarness(
                entries: [Samples.draft("Many", day: 1, body: body)], size: Size(width: 60, height: 12))
            let start = Date()
            try harness.press("enter", "tab")
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "debug build, loaded machine")
            assertScreenContains(harness.screen, "Link 1 of 1000: [[Page 1]] leads to no entry")
        }
    }

    /// A storyboard without the segue: following says so, and nothing moves.
    func testWithoutTheSegueFollowingSaysSo() throws {
        try onMainActor {
            let without = try EntriesStoryboardText.builtIn().components(separatedBy: "\n")
                .filter { !$0.contains("showLinkedEntry: {") }.joined(separator: "\n")
            let harness = try EntriesHarness(
                entries: Self.entries, size: Size(width: 60, height: 12),
                storyboard: .text(without, fileName: "Entries.storyboard"))
            try harness.press("j", "enter", "tab", "enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            XCTAssertTrue(
                harness.flow.messages.last?.hasPrefix("Links cannot be followed here") == true,
                "\(harness.flow.messages)")
        }
    }
}
