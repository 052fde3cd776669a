import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The tag picker: letters jump to the first tag starting with what was typed (Backspace starts
/// over), Space marks several tags, Tab switches all/any, Enter filters the list by them.
final class TagPickerSeveralTagsTests: XCTestCase {
    private static let drafts = [
        Samples.draft("Pie", day: 1, tags: ["apple", "baking"]),
        Samples.draft("Smoothie", day: 2, tags: ["avocado", "banana"]),
        Samples.draft("Bread", day: 3, tags: ["baking", "banana"]),
        Samples.draft("Jam", day: 4, tags: ["cherry"]),
    ]

    func testTypingJumpsToTheFirstTagStartingWithTheLetters() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.drafts, size: Size(width: 60, height: 12))
            try harness.press("t")
            harness.type("ba")
            try harness.press("enter")
            XCTAssertEqual(Set(EntryListOrderTests.titles(harness)), ["Pie", "Bread"], "ba → baking")
            try harness.press("esc", "t")
            harness.type("bx")  // no tag starts with bx: the selection stays on b's first
            try harness.press("backspace")
            harness.type("c")
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Jam"], "Backspace started over: c → cherry")
            XCTAssertEqual(harness.flow.quitCount, 0, "letters typed in the picker quit nothing")
        }
    }

    func testTheHintLineOffersNoLetterThatJumps() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.drafts, size: Size(width: 120, height: 30))
            try harness.press("t")
            let hints = try XCTUnwrap(harness.lines.last)
            // Letters jump here: `s`, `q`, `j` do not open Settings, quit or move.
            for letterKey in [" s ", " q ", " j/", " k/", " g ", " G "] {
                XCTAssertFalse(hints.contains(letterKey), "\(letterKey) in: \(hints)")
            }
            XCTAssertTrue(hints.contains("space mark"), hints)
            XCTAssertTrue(hints.contains("down"), "the arrows still move: \(hints)")
            // The help overlay lists the jump (the hint line has no room left for it at this width).
            try harness.press("?")
            assertScreenContains(harness.screen, "a-z 0-9")
            assertScreenContains(harness.screen, "jump to a tag")
            XCTAssertFalse(
                harness.lines.contains { $0.contains(" quit") && $0.contains(" q ") },
                harness.lines.joined(separator: "\n"))
        }
    }

    func testSpaceMarksSeveralTagsTabSwitchesAllAnyAndEnterFilters() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.drafts, size: Size(width: 60, height: 12))
            try harness.press("t")
            harness.type("bak")
            try harness.press("space")  // marking starts the typing over
            harness.type("ban")
            try harness.press("space")
            assertScreenContains(harness.screen, "all of 2 marked")
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Bread"])
            XCTAssertEqual(harness.contentLines.last, "tagged “baking” and “banana” · 1 of 1")

            try harness.press("t")
            harness.type("bak")
            try harness.press("space")
            harness.type("ban")
            try harness.press("space", "tab")
            assertScreenContains(harness.screen, "any of 2 marked")
            try harness.press("enter")
            XCTAssertEqual(Set(EntryListOrderTests.titles(harness)), ["Pie", "Smoothie", "Bread"])
            XCTAssertEqual(harness.contentLines.last, "tagged “baking” or “banana” · 1 of 3")
            // Starred only, over the tags.
            try harness.press("esc", "f")
            XCTAssertEqual(harness.contentLines.first, "No entries starred.")
        }
    }
}
