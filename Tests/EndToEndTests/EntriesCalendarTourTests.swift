import Foundation
import XCTest

/// The Calendar in the real app under tmux: `c` presents it over the list, the keys reach the day of
/// an entry, Enter shows the list filtered to that day (named in the footer), Esc brings the whole
/// list back; then the app quits and the terminal is restored.
final class EntriesCalendarTourTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    func testPickingADayInTheCalendarFiltersTheListAt80By24() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        try tour.launch()
        try tour.press("c", until: "the Calendar") { $0.contains("Current streak") }
        // From today's month back to January 2024, then to the 3rd (Apple notes, at 09:00 UTC).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let today = calendar.dateComponents([.year, .month, .day], from: Date())
        let months = ((today.year ?? 2024) - 2024) * 12 + (today.month ?? 1) - 1
        for _ in 0..<months { try tour.tmux.press("[") }
        let january = try tour.waitForFrame("January 2024") { $0.contains("January 2024") }
        // Each `[` keeps the day, but a shorter month on the way keeps its last day instead, and later
        // months keep that (from the 30th through February: the 28th or 29th).
        var landed = today.day ?? 1
        var (year, month) = (today.year ?? 2024, today.month ?? 1)
        for _ in 0..<months {
            (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1)
            if let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                let days = calendar.range(of: .day, in: .month, for: first)
            {
                landed = min(landed, days.count)
            }
        }
        for _ in 0..<abs(landed - 3) { try tour.tmux.press(landed > 3 ? "Left" : "Right") }
        let onDay = try tour.waitForFrame("the 3rd selected") { $0.contains("Wed 3 Jan 2024 · 1 entry") }
        XCTAssertTrue(january.contains("Mo  Tu  We  Th  Fr  Sa  Su"), january)
        let filtered = try tour.press("Enter", until: "the list of the day") { $0.contains("on Wed 3 Jan 2024") }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: filtered), ["Apple notes"],
            "\(filtered)\n(Calendar was:\n\(onDay))")
        XCTAssertEqual(tour.footer(of: filtered), "on Wed 3 Jan 2024 · 1 of 1")
        let all = try tour.press("Escape", until: "the whole list") { $0.contains("Mango notes") }
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: all), EntriesTourFixture.newestFirst)
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
