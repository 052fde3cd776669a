import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `/` search: narrowing as you type, Enter keeps the matches, Esc goes back to the full list.
final class EntryListSearchTests: XCTestCase {
    static let entries = [
        Samples.draft("Groceries list", day: 1, tags: ["home"]),
        Samples.draft("Garden plan", day: 2, tags: ["home", "garden"]),
        Samples.draft("Gift ideas", day: 3),
        Samples.draft("Trip to Rome", day: 4, body: "garden of the villa"),
    ]

    func testTypingNarrowsTheListAtEachKey() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("/")
            XCTAssertEqual(harness.contentLines.last, "/ search")
            XCTAssertEqual(
                harness.lines.last, "enter keep results  esc clear search  up previous", "the keys of the search line")
            harness.repository.resetCounts()
            harness.type("g")
            // One letter is searched as a whole word, not a prefix: nothing yet, and the list says so gently.
            XCTAssertEqual(harness.contentLines[0], "Type another letter…")
            XCTAssertEqual(harness.contentLines.last, "/ g", "no \"0 matches\" either")
            harness.type("a")
            XCTAssertEqual(Set(EntryListOrderTests.titles(harness)), ["Garden plan", "Trip to Rome"])
            XCTAssertTrue(harness.contentLines.last?.hasSuffix("2 matches") ?? false, harness.contentLines.last ?? "")
            harness.type("rden pl")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Garden plan"])
            XCTAssertEqual(harness.repository.calls(.search), 9, "one search per key typed")
        }
    }

    func testEveryMatchIsReachedAPageAtATime() throws {
        try onMainActor {
            let many = (1...250).map {
                Samples.draft("Note \($0)", day: $0, tags: $0.isMultiple(of: 10) ? ["ten"] : [])
            }
            let harness = try EntriesHarness(entries: many, size: Size(width: 80, height: 8))
            try harness.press("/")
            harness.type("note")
            XCTAssertTrue(
                harness.contentLines.last?.hasSuffix("100+ matches") ?? false, harness.contentLines.last ?? "")
            try harness.press("enter")
            XCTAssertEqual(
                harness.contentLines.last, "100+ matches for “note” · 1 of 100+",
                "more than the first page, and saying so")
            // Moving near the end of what is loaded reads the next page; the count grows till it is exact.
            try harness.press("G")
            XCTAssertEqual(harness.contentLines.last, "200+ matches for “note” · 100 of 200+")
            try harness.press("G")
            XCTAssertEqual(harness.contentLines.last, "250 matches for “note” · 200 of 250")
            try harness.press("G")
            XCTAssertEqual(harness.contentLines.last, "250 matches for “note” · 250 of 250")
            XCTAssertEqual(
                Set(harness.repository.searchRequests.compactMap(\.anchor?.skip)), [100, 200],
                "pages asked from where the last ended")
            // Within a tag: the store narrows the matches, every one of them.
            try harness.press("esc", "t", "enter", "/")
            harness.type("note")
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.last, "25 matches for “note” tagged “ten” · 1 of 25")
        }
    }

    func testLettersBoundToActionsAreTypedWhileSearching() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries)
            try harness.press("/")
            harness.type("sqadetm")
            XCTAssertEqual(harness.presenter.presented("Settings"), 0)
            XCTAssertEqual(harness.flow.quitCount, 0)
            XCTAssertEqual(harness.editor.receivedTexts, [])
            XCTAssertNil(harness.window.presentedScene)
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
            XCTAssertTrue(harness.contentLines.last?.hasPrefix("/ sqadetm") ?? false)
        }
    }

    func testEnterKeepsTheMatchesAndEscRestoresTheFullListAndSelection() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("j", "j")  // Garden plan (newest first: Trip, Gift, Garden, Groceries)
            XCTAssertEqual(harness.contentLines.last, "3 of 4")
            try harness.press("/")
            harness.type("gi")
            try harness.press("enter")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Gift ideas"])
            XCTAssertEqual(harness.contentLines.last, "1 match for “gi” · 1 of 1")
            // The kept matches work like the list: enter opens, esc comes back to them.
            try harness.press("enter")
            XCTAssertEqual(harness.contentLines.first, "Gift ideas")
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Gift ideas"])
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4)
            XCTAssertEqual(harness.contentLines.last, "3 of 4")
        }
    }

    func testEscWhileTypingClearsTheSearch() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("j", "/")
            harness.type("trip")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Trip to Rome"])
            try harness.press("esc")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4)
            XCTAssertEqual(harness.contentLines.last, "2 of 4")
            try harness.press("q")
            XCTAssertEqual(harness.flow.quitCount, 1, "keys are bindings again")
        }
    }

    func testSlashReopensAKeptSearchWithItsText() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("/")
            harness.type("g")
            try harness.press("enter", "/")
            harness.type("i")
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Gift ideas"])
        }
    }

    func testAOneLetterLastWordAsksForAnotherLetterUntilTheWordIsDone() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("/")
            harness.type("garden z")
            XCTAssertEqual(harness.contentLines[0], "Type another letter…")
            harness.type(" ")
            XCTAssertEqual(
                harness.contentLines[0], "No matches for “garden z ”.", "a finished one-letter word matched nothing")
            try harness.press("backspace", "backspace")
            harness.type("q")
            XCTAssertEqual(harness.contentLines[0], "Type another letter…")
            try harness.press("enter")
            XCTAssertEqual(
                harness.contentLines[0], "No matches for “garden q”.",
                "a kept search is not being typed")
        }
    }

    /// A query past the bounds (a 20-word phrase) is not searched, and the list says why instead of
    /// "no matches"; fails before the bounds were shown (it said "No matches for …").
    func testAQueryTooCostlyToRunSaysWhy() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 200, height: 8))
            try harness.press("/")
            harness.type("\"" + Array(repeating: "garden", count: 20).joined(separator: " ") + "\"")
            XCTAssertTrue(
                harness.contentLines[0].hasPrefix("Not searched: the phrase \"garden garden"), harness.contentLines[0])
            XCTAssertTrue(
                harness.contentLines[0].contains("has 20 words, and a search looks for a phrase of 16 at most"),
                harness.contentLines[0])
        }
    }

    func testNoMatchesSaysSoAndArrowsMoveInTheMatches() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("/")
            harness.type("zebra")
            assertScreenContains(harness.screen, "No matches for “zebra”.")
            try harness.press("ctrl-u")
            harness.type("ga")
            try harness.press("down", "enter", "enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
        }
    }

    func testAnEmptySearchIsNoSearch() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Self.entries, size: Size(width: 50, height: 8))
            try harness.press("/", "enter")
            XCTAssertEqual(harness.contentLines.last, "1 of 4")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"], "enter opens again")
        }
    }
}
