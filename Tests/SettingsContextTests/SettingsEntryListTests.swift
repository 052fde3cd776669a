import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// The entry list of Settings: reached from the preferences, newest first, and Enter hands the chosen
/// entry to the flow (which shows it in the Entries context and hides Settings).
final class SettingsEntryListTests: XCTestCase {
    private static let titles = ["Groceries", "Architecture notes", "Reading list"]

    func testEShowsEveryEntryNewestFirstAt40x12() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 40, height: 12),
                entries: SettingsHarness.drafts(Self.titles, tags: [["home"], [], ["books", "later"]]))
            harness.screen.send(.character("e"))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Settings › Open an entry",
                    "┌ Open an entry ───────────────────────┐",
                    "│Groceries                  20 Nov 2026│",
                    "│Architecture notes         19 Nov 2026│",
                    "│Reading list               18 Nov 2026│",
                    "│                                      │",
                    "│                                      │",
                    "│                                      │",
                    "│                                      │",
                    "│                                      │",
                    "└──────────────────────────────────────┘",
                    "enter Show in Entries             ? help",
                ])
            XCTAssertEqual(harness.navigator.sceneIdentifiers, ["preferences", "entries"])
        }
    }

    /// The list is the main list's: title, date, tags, in the order chosen in the preferences.
    func testTheListLooksLikeTheMainListAndHonoursTheSortOrder() throws {
        try onMainActor {
            let settings = InMemorySettingsRepository()
            var preferences = Preferences.defaults
            preferences.sortOrder = .oldest
            try PreferencesStore(settings: settings).save(preferences)
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 10),
                entries: SettingsHarness.drafts(Self.titles, tags: [["home"], [], ["books", "later"]]),
                settings: settings, presentInWindow: false)
            harness.screen.send(.character("e"))
            assertScreen(
                harness.screen,
                equals: [
                    "Reading list                                           18 Nov 2026  books, later",
                    "Architecture notes                                     19 Nov 2026",
                    "Groceries                                              20 Nov 2026  home",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                    "",
                ])
        }
    }

    func testEnterShowsTheSelectedEntryThroughTheFlow() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(Self.titles))
            harness.screen.send([.tab, .character("j")])
            harness.flow.reset()
            harness.screen.send(.enter)
            let second = try harness.repository.page(PageRequest(order: .newest))[1]
            XCTAssertEqual(second.title, "Architecture notes")
            XCTAssertEqual(harness.flow.calls, [.showDetails(second)])
            XCTAssertFalse(harness.isShowingSettings, "the flow (the App Controller) hid Settings")
        }
    }

    func testDatesFollowTheDateFormatPreference() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(Self.titles))
            harness.screen.send([.down, .enter, .character("e")])  // Short → Relative
            assertScreenContains(harness.screen, "│Groceries                                 1 day ago       │")
            harness.screen.send([.escape, .enter, .character("e")])  // Relative → ISO
            assertScreenContains(harness.screen, "│Groceries                               2026-11-20 12:00  │")
        }
    }

    func testEscTabAndLeftGoBackToThePreferences() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 80, height: 24), entries: SettingsHarness.drafts(Self.titles))
            for back in [Key.escape, .tab, .left, .backspace] {
                harness.screen.send(.character("e"))
                XCTAssertEqual(harness.navigator.topSceneIdentifier, "entries")
                harness.screen.send(back)
                XCTAssertEqual(harness.navigator.sceneIdentifiers, ["preferences"], "\(back)")
                XCTAssertTrue(harness.isShowingSettings)
            }
            XCTAssertEqual(harness.flow.calls, [])
        }
    }

    func testAnEmptyListSaysSoAndEnterReportsThatNothingIsSelected() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 40, height: 12))
            harness.screen.send(.character("e"))
            assertScreenContains(harness.screen, "│No entries yet")
            harness.screen.send(.enter)
            XCTAssertEqual(harness.flow.calls, [.showError("No entry selected")])
            XCTAssertTrue(harness.isShowingSettings)
        }
    }

    func testTheLastOfManyEntriesIsReachedWithGAndShownThroughTheFlow() throws {
        try onMainActor {
            let titles = (0..<1_000).map { "Entry \($0)" }
            let repository = CountingEntryRepository(InMemoryEntryRepository(entries: SettingsHarness.drafts(titles)))
            let harness = try SettingsHarness(size: Size(width: 60, height: 16), repository: repository)
            harness.screen.send([.character("e"), .character("G")])
            assertScreenContains(harness.screen, "Entry 999")
            assertScreenDoesNotContain(harness.screen, "Entry 0 ")
            // The first page, then the last page from the end: not the ten in between.
            XCTAssertLessThanOrEqual(repository.pageRequests.count, 2)
            harness.screen.send(.enter)
            XCTAssertEqual(
                harness.flow.calls.last.map { if case .showDetails(let entry) = $0 { entry.title } else { "" } },
                "Entry 999")
        }
    }

    func testAFailingRepositoryIsReportedOnceNotOncePerRow() throws {
        try onMainActor {
            let repository = CountingEntryRepository(
                InMemoryEntryRepository(entries: SettingsHarness.drafts(Self.titles)))
            repository.failPages = true
            let harness = try SettingsHarness(size: Size(width: 60, height: 16), repository: repository)
            harness.screen.send([.character("e"), .down, .down])
            XCTAssertEqual(harness.flow.errors, ["the entries could not be read: database is locked"])
            assertScreenContains(harness.screen, "(unavailable)")
            harness.screen.send(.enter)
            XCTAssertEqual(harness.flow.calls.filter { if case .showDetails = $0 { true } else { false } }, [])
            // Coming back reads again, and reports again if it still fails.
            repository.failPages = false
            harness.screen.send([.escape, .character("e")])
            assertScreenContains(harness.screen, "Groceries")
        }
    }

    func testTheListReloadsEachTimeItAppears() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 60, height: 16), entries: SettingsHarness.drafts(Self.titles))
            harness.screen.send(.character("e"))
            try harness.repository.insert(EntryDraft(title: "Just added", createdAt: SettingsHarness.now))
            harness.screen.send([.escape, .character("e")])
            assertScreenContains(harness.screen, "Just added")
        }
    }
}
