import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// What the preferences scene looks like, presented modally over the Entries context in a window.
final class PreferencesSceneScreenTests: XCTestCase {
    func testScreenAt120x40TheBoxFitsItsContent() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 120, height: 40))
            // Names, values and the labelled date example whole; the help right under the list.
            assertScreen(
                harness.screen,
                equals: ["Entries › Settings", "the entries list"] + Array(repeating: "", count: 12) + [
                    "                          ┌ Settings ────────────────────────────────────────────────────────┐",
                    "                          │List sort order        ‹ Newest first ›                           │",
                    "                          │Date format            ‹ Short ›             e.g. 18 Nov 2026     │",
                    "                          │Colour                 ‹ On ›                                     │",
                    "                          │Confirm before delete  ‹ On ›                                     │",
                    "                          │Weeks start on         ‹ Monday ›                                 │",
                    "                          │Theme                  ‹ Dark ›                                   │",
                    "                          │                                                                  │",
                    "                          │How the list of entries is sorted: Newest first, Oldest first,    │",
                    "                          │Title A–Z or Recently updated.                                    │",
                    "                          └──────────────────────────────────────────────────────────────────┘",
                ] + Array(repeating: "", count: 14) + [
                    "enter/space/right Next value  left Previous value  e/tab Pick an entry to open  esc/backspace/d/s Close Settings  ? help"
                ])
        }
    }

    func testScreenAt40x12() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 40, height: 12))
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Settings",
                    "┌ Settings ────────────────────────────┐",
                    "│List sort order   ‹ Newest first ›    │",
                    "│Date format       ‹ Short ›           │",
                    "│Colour            ‹ On ›              │",
                    "│Confirm before …  ‹ On ›              │",
                    "│Weeks start on    ‹ Monday ›          │",
                    "│Theme             ‹ Dark ›            │",
                    "│                                      │",
                    "│How the list of entries is sorted: Ne…│",
                    "└──────────────────────────────────────┘",
                    "enter/space/right Next value      ? help",
                ])
        }
    }

    func testTheDateFormatShowsALiveExampleOfEachStyle() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 40, height: 12))
            harness.screen.send(.down)
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Settings",
                    "┌ Settings ────────────────────────────┐",
                    "│List sort order   ‹ Newest first ›    │",
                    "│Date format       ‹ Short ›           │",
                    "│Colour            ‹ On ›              │",
                    "│Confirm before …  ‹ On ›              │",
                    "│Weeks start on    ‹ Monday ›          │",
                    "│Theme             ‹ Dark ›            │",
                    "│                                      │",
                    "│How dates are shown, e.g. three days …│",
                    "└──────────────────────────────────────┘",
                    "enter/space/right Next value      ? help",
                ])
        }
    }

    func testTheSelectedPreferenceIsHighlightedAndMovesWithUpDownAndJK() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 40, height: 12))
            let selection = Theme.default.selection
            assertStyle(harness.screen, row: 2, columns: 1..<39, equals: selection)
            harness.screen.send(.character("j"))
            assertStyle(harness.screen, row: 3, columns: 1..<39, equals: selection)
            assertStyle(harness.screen, row: 2, columns: 1..<15, equals: .plain)
            harness.screen.send([.down, .down, .down, .down, .down])  // stops at the last preference
            assertStyle(harness.screen, row: 7, columns: 1..<39, equals: selection)
            assertScreenContains(harness.screen, "Colours for a Dark or Light terminal")
            harness.screen.send([.character("k"), .up])
            assertStyle(harness.screen, row: 5, columns: 1..<39, equals: selection)
        }
    }

    func testTheListsUseTheInjectedTheme() throws {
        try onMainActor {
            let harness = try SettingsHarness(
                size: Size(width: 40, height: 12), entries: SettingsHarness.drafts(["One"]), theme: .monochrome)
            assertStyle(harness.screen, row: 2, columns: 1..<39, equals: Theme.monochrome.selection)
            harness.screen.send(.character("e"))
            assertStyle(harness.screen, row: 2, columns: 14..<17, equals: Theme.monochrome.selection)
            XCTAssertNotEqual(Theme.monochrome.selection, Theme.default.selection)
        }
    }

    func testStoredPreferencesAreShownWhenSettingsOpens() throws {
        try onMainActor {
            let settings = InMemorySettingsRepository(values: [
                "sortOrder": "title", "dateStyle": "iso", "colorEnabled": "false", "confirmBeforeDelete": "false",
                "firstWeekday": "sunday", "theme": "high-contrast",
            ])
            let harness = try SettingsHarness(size: Size(width: 60, height: 12), settings: settings)
            // At 60 columns the box takes the whole width, and the date example is cut at its end.
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Settings",
                    "┌ Settings ────────────────────────────────────────────────┐",
                    "│List sort order        ‹ Title A–Z ›                      │",
                    "│Date format            ‹ ISO ›               e.g. 2026-11…│",
                    "│Colour                 ‹ Off ›                            │",
                    "│Confirm before delete  ‹ Off ›                            │",
                    "│Weeks start on         ‹ Sunday ›                         │",
                    "│Theme                  ‹ High contrast ›                  │",
                    "│                                                          │",
                    "│How the list of entries is sorted: Newest first, Oldest f…│",
                    "└──────────────────────────────────────────────────────────┘",
                    "enter/space/right Next value  left Previous value     ? help",
                ])
            harness.screen.resize(to: Size(width: 120, height: 12))
            assertScreenContains(harness.screen, "Date format            ‹ ISO ›               e.g. 2026-11-18 12:00│")
        }
    }

    func testEverySizeFromOneByOneRendersWithoutCrashingAndKeepsTheListFirst() throws {
        try onMainActor {
            let sizes = [(1, 1), (2, 1), (1, 2), (3, 3), (10, 4), (20, 6), (40, 12), (80, 24), (120, 40), (200, 60)]
            for (width, height) in sizes {
                for presentInWindow in [true, false] {
                    let harness = try SettingsHarness(
                        size: Size(width: width, height: height), entries: SettingsHarness.drafts(["One", "Two"]),
                        presentInWindow: presentInWindow)
                    harness.screen.send([.down, .enter, .left, .character("e"), .down, .up, .escape])
                    XCTAssertEqual(harness.screen.lines.count, height)
                    harness.screen.resize(to: Size(width: max(0, width - 1), height: height))
                }
            }
            // Alone on a screen six rows high, the six preferences come before any help.
            let alone = try SettingsHarness(size: Size(width: 30, height: 6), presentInWindow: false)
            assertScreen(
                alone.screen,
                equals: [
                    "List sort o…  ‹ Newest first ›",
                    "Date format   ‹ Short ›",
                    "Colour        ‹ On ›",
                    "Confirm bef…  ‹ On ›",
                    "Weeks start…  ‹ Monday ›",
                    "Theme         ‹ Dark ›",
                ])
            alone.screen.resize(to: Size(width: 30, height: 7))
            XCTAssertEqual(alone.screen.lines.last, "How the list of entries is so…")
        }
    }

    func testTheHelpOverlayListsThePreferencesKeys() throws {
        try onMainActor {
            let harness = try SettingsHarness(size: Size(width: 80, height: 24))
            harness.screen.send(.character("?"))
            for line in [
                "Your preferences. Each change is saved at once",
                "enter/space/right  Next value", "left               Previous value",
                "e/tab              Pick an entry to open", "esc/backspace/d/s  Close Settings",
                "q                  quit", "j/down             down",
            ] {
                assertScreenContains(harness.screen, line)
            }
        }
    }
}
