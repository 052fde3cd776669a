import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import XCTest

/// The list over a slow store (a `ManualLoader` that answers only when told): it never waits, shows
/// what it has, drops answers that came too late, and says when reading failed.
final class EntryListLoadingTests: XCTestCase {
    /// Runs the reads asked for (the app's run loop delivers them, then draws).
    @MainActor
    private static func deliver(_ loader: ManualLoader, _ harness: EntriesHarness, at index: Int? = nil) {
        if let index { loader.run(at: index) } else { loader.runAll() }
        harness.screen.render()
    }

    func testTheListSaysItIsLoadingUntilTheStoreAnswersAndRowsNotYetReadArePlaceholders() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, size: Size(width: 40, height: 6), loader: loader)
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "Loading…",
                    "",
                    "",
                    "Loading…",
                    "enter open  m more  / search      ? help",
                ])
            try harness.press("j", "G")  // keys are answered while the store is busy
            XCTAssertEqual(loader.pendingCount, 1, "the count and the first page, in one read")
            Self.deliver(loader, harness)
            assertScreen(
                harness.screen,
                equals: [
                    "Entries",
                    "apple pie                    11 Jan 2026",
                    "Carrot notes                 6 Jan 2026",
                    "Banana bread                 3 Jan 2026",
                    "1 of 3",
                    "enter open  m more  / search      ? help",
                ])
        }
    }

    func testRowsFarFromThoseReadShowPlaceholdersUntilTheirPageArrives() throws {
        try onMainActor {
            let loader = ManualLoader()
            let drafts = (1...300).map { Samples.draft("Row \($0)", day: $0) }
            let harness = try EntriesHarness(entries: drafts, size: Size(width: 40, height: 6), loader: loader)
            Self.deliver(loader, harness)
            XCTAssertEqual(harness.contentLines.last, "1 of 300")
            try harness.press("G")
            XCTAssertEqual(harness.contentLines, ["…", "…", "…", "300 of 300"], "drawn at once, without waiting")
            XCTAssertEqual(loader.pendingCount, 1)
            Self.deliver(loader, harness)
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Row 3", "Row 2", "Row 1"])
        }
    }

    func testEnterRightAfterAJumpOpensTheEntryJumpedTo() throws {
        try onMainActor {
            let loader = ManualLoader()
            let drafts = (1...300).map { Samples.draft("Row \($0)", day: $0) }
            let harness = try EntriesHarness(entries: drafts, size: Size(width: 40, height: 6), loader: loader)
            Self.deliver(loader, harness)
            try harness.press("G", "enter")  // the last page is still on its way
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            XCTAssertEqual(harness.contentLines.first, "Row 1")
        }
    }

    func testAFailingStoreShowsAMessageAndTheKeysStillWork() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, size: Size(width: 40, height: 6), failing: [.page], loader: loader)
            Self.deliver(loader, harness)
            XCTAssertEqual(harness.flow.errors, ["the disk is on fire"], "once")
            XCTAssertEqual(harness.contentLines, ["(unavailable)", "(unavailable)", "(unavailable)", "1 of 3"])
            try harness.press("j", "/")
            XCTAssertEqual(harness.contentLines.last, "/ search", "the search line opens")
        }
    }

    func testAnAnswerForAQueryNoLongerShownIsDropped() throws {
        try onMainActor {
            let loader = ManualLoader()
            let harness = try EntriesHarness(
                entries: EntryListSearchTests.entries, size: Size(width: 50, height: 8), loader: loader)
            Self.deliver(loader, harness)
            try harness.press("/")
            harness.type("garden pl")
            XCTAssertEqual(loader.pendingCount, 9, "one search per key, none answered yet")
            XCTAssertEqual(harness.contentLines.last?.hasSuffix("searching…"), true, harness.contentLines.last ?? "")
            Self.deliver(loader, harness, at: 8)  // the last query's answer arrives first
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Garden plan"])
            Self.deliver(loader, harness)  // then the older ones ("ga" would add "Trip to Rome"): dropped
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["Garden plan"])
            XCTAssertTrue(harness.contentLines.last?.hasSuffix("1 match") ?? false, harness.contentLines.last ?? "")
            XCTAssertEqual(harness.repository.calls(.search), 1, "the superseded searches never reached the store")
        }
    }

    func testAReloadsAnswerOverridesAnOlderOneArrivingLater() throws {
        onMainActor {
            let loader = ManualLoader()
            let drafts = (1...30).map { Samples.draft("Row \($0)", day: $0) }
            let source = EntryListDataSource(
                repository: InMemoryEntryRepository(entries: drafts, clock: { Samples.now }), order: .oldest,
                loader: loader,
                pageSize: 10, makeRow: { ListRow(StyledText($0.title)) })
            var answers: [String] = []
            source.reload(order: .oldest, filter: .all, keeping: nil) { _ in answers.append("oldest") }
            source.reload(order: .newest, filter: .all, keeping: nil) { _ in answers.append("newest") }
            loader.run(at: 1)
            XCTAssertEqual(source.order, .newest)
            XCTAssertEqual(source.loadedSummary(at: 0)?.title, "Row 30", "the first page comes with the count")
            source.prefetch(around: 20, margin: 0)
            loader.run(at: 0)  // the first reload's answer, late: dropped
            XCTAssertEqual(answers, ["newest"])
            XCTAssertEqual(source.order, .newest)
            XCTAssertEqual(source.loadedSummary(at: 0)?.title, "Row 30")
            XCTAssertNil(source.loadedSummary(at: 20), "the page is still on its way")
            loader.runAll()
            XCTAssertEqual(source.loadedSummary(at: 20)?.title, "Row 10")
            // A page asked for before a reload, answered after it, is dropped too.
            source.prefetch(around: 29, margin: 0)
            source.reload(order: .oldest, filter: .all, keeping: nil) { _ in answers.append("oldest again") }
            loader.run(at: 0)  // the page (newest first), now stale
            XCTAssertNil(source.loadedSummary(at: 29))
            loader.runAll()
            XCTAssertEqual(answers, ["newest", "oldest again"])
            XCTAssertEqual(source.loadedSummary(at: 0)?.title, "Row 1")
            XCTAssertNil(source.loadedSummary(at: 29), "the stale page never landed")
        }
    }
}
