import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import Foundation
import CalendarContext
import XCTest
@testable import journal_desk

/// The `journal-desk` example driven headless: Entries, Calendar and Trash composed by another app's CEO,
/// with no Settings context and no App Factory in this target's graph.
final class JournalDeskFlowTests: XCTestCase {
    /// Saturday 21 Nov 2026 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let utc = TimeZone(identifier: "UTC") ?? .current

    @MainActor static func launch(size: Size = Size(width: 80, height: 24)) throws -> (JournalDeskApp, HeadlessScreen) {
        let now = Self.now
        let app = try JournalDeskApp(
            repository: InMemoryEntryRepository(entries: JournalDeskApp.sampleEntries(now: now), clock: { now }),
            suspender: NoSuspender(), environment: [:], now: { now }, timeZone: utc,
            configuration: .storyboardDriven(colorEnabled: false))
        return (app, HeadlessScreen(root: app.window, size: size))
    }

    func testCShowsTheCalendarOfThisAppsEntries() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send(.character("c"))
            XCTAssertEqual(screen.lines[0], "Entries › Calendar")
            XCTAssertNotNil(app.window.presentedScene)
            // A fortnight up to yesterday with a gap six days ago: the current streak is five days.
            assertScreenContains(screen, "Current streak  5 days")
            // Too narrow for its end ("to Fri 14 Nov 2026"): the line says less, and is not cut.
            assertScreenContains(screen, "Longest streak  8 days   │")
            // Shaded with characters (colour is off): two entries on the 9th, 12th and 18th, none on
            // the 15th (the gap) nor today, the 21st.
            assertScreenContains(screen, "│   9# 10: 11: 12# 13: 14: 15     ")
            assertScreenContains(screen, "│  16: 17: 18# 19: 20: 21  22     ")
            assertScreenContains(screen, "│ Sat 21 Nov 2026 · no entries")
        }
    }

    func testEnterOnADayShowsItsEntriesAndEscReturns() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send([.character("c"), .left, .left])  // Thursday the 19th
            screen.send(.enter)
            XCTAssertNil(app.window.presentedScene)
            XCTAssertEqual(screen.lines[0], "Entries")
            assertScreenContains(screen, "on Thu 19 Nov 2026 · 1 of 1")
            screen.send(.escape)
            assertScreenContains(screen, "1 of 16")
        }
    }

    func testTTheTrashComposedByThisAppRestoresAnEntryIntoItsList() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send([.character("d"), .character("y")])
            assertScreenContains(screen, "1 of 15")
            screen.send(.character("T"))
            XCTAssertEqual(screen.lines[0], "Entries › Trash")
            assertScreenContains(screen, "Walk by the river")
            assertScreenContains(screen, "30 days left")
            screen.send(.character("r"))
            assertScreenContains(screen, "The trash is empty")
            screen.send(.escape)
            XCTAssertNil(app.window.presentedScene, "the Trash closed itself through this app's CEO")
            // The restored entry is back at the top; the selection stayed on the entry it was on.
            XCTAssertTrue(screen.lines[1].hasPrefix("Walk by the river "), screen.lines[1])
            assertScreenContains(screen, "2 of 16")
            // Opened again: a fresh Trash, the CEO knew the first was closed.
            screen.send(.character("T"))
            XCTAssertEqual(screen.lines[0], "Entries › Trash")
        }
    }

    func testSHasNoSettingsHere() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send(.character("s"))
            XCTAssertNil(app.window.presentedScene)
            XCTAssertEqual(screen.lines.last, "This app has no Settings")
        }
    }
}

/// This app never suspends the terminal in these tests (no editor is started).
private final class NoSuspender: TerminalSuspending {
    func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
}

extension XCTestCase {
    func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
