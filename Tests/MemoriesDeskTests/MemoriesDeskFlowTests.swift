import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import Foundation
import MemoriesContext
import XCTest
@testable import memories_desk

/// The tutorial's app driven headless: the Memories context, built from nothing, composed with the
/// Entries context by an App Controller of the app's own.
final class MemoriesDeskFlowTests: XCTestCase {
    /// Saturday 21 Nov 2026 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let utc = TimeZone(identifier: "UTC") ?? .current

    static func day(_ year: Int, _ month: Int, _ day: Int, hour: Int = 9) -> Date {
        CivilDay(year: year, month: month, day: day).start(in: utc).addingTimeInterval(Double(hour) * 3_600)
    }

    /// On 21 November: one entry in 2025, two in 2023; others on the days around it and today.
    static let entries = [
        EntryDraft(title: "Snow on the hills", body: "The first snow of the year.", createdAt: day(2025, 11, 21)),
        EntryDraft(title: "Finished the long book", body: "Nine hundred pages.", createdAt: day(2023, 11, 21)),
        EntryDraft(title: "Dinner with Sam", body: "Soup.", createdAt: day(2023, 11, 21, hour: 20)),
        EntryDraft(title: "The day after", body: "", createdAt: day(2024, 11, 22)),
        EntryDraft(title: "The day before", body: "", createdAt: day(2022, 11, 20)),
        EntryDraft(title: "Today", body: "", createdAt: day(2026, 11, 21)),
    ]

    @MainActor static func launch(
        entries: [EntryDraft] = entries, size: Size = Size(width: 80, height: 24)
    ) throws -> (MemoriesDeskApp, HeadlessScreen) {
        let now = Self.now
        let app = try MemoriesDeskApp(
            repository: InMemoryEntryRepository(entries: entries, clock: { now }),
            suspender: NoSuspender(), environment: [:], now: { now }, timeZone: utc,
            configuration: .storyboardDriven(colorEnabled: false))
        return (app, HeadlessScreen(root: app.window, size: size))
    }

    func testYShowsTheEntriesOfThisDayInEarlierYearsNewestFirst() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send(.character("y"))
            XCTAssertNotNil(app.window.presentedScene)
            XCTAssertEqual(screen.lines[0], "Entries › On this day")
            // The rows inside the box the window presents the context in.
            let rows = screen.lines.compactMap { line -> String? in
                let parts = line.split(separator: "│", omittingEmptySubsequences: false)
                guard parts.count == 3 else { return nil }
                let row = parts[1].trimmingCharacters(in: .whitespaces)
                return row.isEmpty ? nil : row
            }
            XCTAssertEqual(
                rows,
                [
                    "2025  Snow on the hills", "2023  Finished the long book", "2023  Dinner with Sam",
                ], screen.lines.joined(separator: "\n"))
        }
    }

    func testEnterShowsTheEntryInTheEntriesDetailsAndEscGoesBackToTheList() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send([.character("y"), .down, .enter])
            XCTAssertNil(app.window.presentedScene)
            XCTAssertEqual(screen.lines[0], "Entries › Details")
            assertScreenContains(screen, "Finished the long book")
            assertScreenContains(screen, "Nine hundred pages.")
            screen.send(.escape)
            XCTAssertEqual(screen.lines[0], "Entries")
        }
    }

    func testEscClosesTheMemoriesWhereTheUserWas() throws {
        try onMainActor {
            let (app, screen) = try Self.launch()
            screen.send([.down, .down, .character("y"), .escape])
            XCTAssertNil(app.window.presentedScene)
            XCTAssertEqual(screen.lines[0], "Entries")
            assertScreenContains(screen, "3 of 6")
        }
    }

    func testADayWithNoMemoriesSaysSo() throws {
        try onMainActor {
            let (app, screen) = try Self.launch(entries: [EntryDraft(title: "Today", createdAt: Self.now)])
            screen.send(.character("y"))
            XCTAssertNotNil(app.window.presentedScene)
            assertScreenContains(screen, "Nothing written on this day in earlier years")
            screen.send(.enter)
            XCTAssertEqual(screen.lines[0], "Entries › On this day")
        }
    }

    func testTheHelpListsTheMemoriesKeyFromTheAddedSegue() throws {
        try onMainActor {
            let (app, screen) = try Self.launch(size: Size(width: 100, height: 40))
            screen.send(.character("?"))
            assertScreenContains(screen, "on this day")
            withExtendedLifetime(app) {}
        }
    }

    /// A storyboard is checked against the context's registry when the controller is made: a file
    /// that names a kind the context does not have is refused with the problem, never run.
    func testAStoryboardWithAnUnknownKindIsRefusedWithItsProblem() throws {
        try onMainActor {
            let window = Window(root: MessageScene(title: "", message: ""), configuration: .storyboardDriven())
            let flow = MemoriesDeskController(window: window)
            let text = MemoriesController.storyboardText.replacingOccurrences(of: "MemoryList", with: "MemoryGrid")
            XCTAssertThrowsError(
                try MemoriesController(
                    repository: InMemoryEntryRepository(), flow: flow, presenter: window,
                    storyboard: .text(text, fileName: "Memories.storyboard"))
            ) { error in
                XCTAssertTrue(String(describing: error).contains("MemoryGrid"), "\(error)")
            }
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
