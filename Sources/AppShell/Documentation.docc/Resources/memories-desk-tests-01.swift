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
}
