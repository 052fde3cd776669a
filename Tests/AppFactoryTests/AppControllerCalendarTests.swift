import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// The Calendar presented over Entries, and its one cross-context move: Enter on a day hides the
/// Calendar and shows the Entries list filtered to that day (named in the footer); Esc clears the
/// filter and returns to the entry the user was on.
final class AppControllerCalendarTests: XCTestCase {}

/// Presses `[` and arrows from today's day in the Calendar to `target`.
@MainActor func moveCalendar(_ app: AppHarness, to target: CivilDay) throws {
    let today = CivilDay(Date(), in: .current)
    let months = (today.year - target.year) * 12 + today.month - target.month
    // Month by month, as the key moves: from the 29th to the 31st a shorter month on the way keeps
    // its last day (31 Mar → 28 Feb → 28 Jan), so one jump of `months` would land a day or more off.
    var landed = today
    for _ in 0..<months {
        try app.press("[")
        landed = landed.addingMonths(-1)
    }
    let days = Int(landed.distance(to: target))
    for _ in 0..<abs(days) { try app.press(days < 0 ? "left" : "right") }
}

extension AppControllerCalendarTests {
    func testPickingADayInTheCalendarShowsThatDaysEntriesAndEscGoesBack() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 80, height: 24))
            try app.press("j", "j")  // Carrot notes
            try app.press("c")
            XCTAssertEqual(app.header, "Entries › Calendar")
            XCTAssertNotNil(try app.window.presentedScene)
            let appleDay = CivilDay(KnownEntries.date(day: 10), in: .current)
            try moveCalendar(app, to: appleDay)
            XCTAssertTrue(
                app.lines.contains { $0.contains("\(appleDay.dayName) · 1 entry") }, app.lines.joined(separator: "\n"))
            try app.press("enter")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(app.header, "Entries")
            XCTAssertEqual(app.listedTitles, ["Apple pie"])
            assertScreenContains(app.screen, "on \(appleDay.dayName) · 1 of 1")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            assertScreenContains(app.screen, "3 of 4")
            assertStyle(app.screen, row: 3, columns: 0..<30, equals: Theme.default.selection)
            XCTAssertTrue(app.lines[3].hasPrefix("Carrot notes"))
        }
    }

    func testEscClosesTheCalendarAndADayWithoutEntriesSaysSo() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 80, height: 24))
            try app.press("c", "esc")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            let empty = CivilDay(KnownEntries.date(day: 11), in: .current)
            try app.press("c")
            try moveCalendar(app, to: empty)
            try app.press("enter")
            assertScreenContains(app.screen, "No entries on \(empty.dayName).")
            try app.press("esc")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
        }
    }
}

extension AppControllerCalendarTests {
    func testTheFirstDayOfTheWeekChosenInSettingsReachesTheCalendar() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let app = try AppHarness(directory: directory, size: Size(width: 80, height: 24))
            try app.press("c")
            XCTAssertTrue(app.lines.contains { $0.contains("  Mo  Tu  We  Th  Fr  Sa  Su") })
            try app.press("esc", "s", "j", "j", "j", "j", "enter", "esc", "c")
            XCTAssertTrue(
                app.lines.contains { $0.contains("  Su  Mo  Tu  We  Th  Fr  Sa") }, app.lines.joined(separator: "\n"))
            XCTAssertEqual(app.factory.preferences.firstWeekday, .sunday)
        }
    }
}

extension CivilDay {
    /// `Sun 11 Jan 2026`, as the Calendar's footer and the list's filter name a day.
    var dayName: String {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[weekday - 1]) \(day) \(months[month - 1]) \(year)"
    }
}
