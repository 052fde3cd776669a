import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import XCTest

/// A list row's texts are kept per entry between keys; whatever changes what a row shows (the entry,
/// the columns shown, the theme, the date style or the sort order) makes it anew.
final class EntryRowFormatterCacheTests: XCTestCase {
    func testARowIsMadeAnewWhenAnythingItShowsChanges() {
        onMainActor {
            var preferences = Preferences.defaults
            preferences.sortOrder = .newest
            var current = preferences
            let now = Date(timeIntervalSince1970: 1_710_000_000)
            let zone = TimeZone(identifier: "UTC")!
            let formatter = EntryRowFormatter(
                theme: .default, preferences: { current },
                format: { current.dateStyle.format($0, now: now, timeZone: zone) })
            var summary = EntrySummary(
                id: 7, title: "Walk", tags: ["home"], createdAt: now.addingTimeInterval(-86_400 * 3),
                updatedAt: now.addingTimeInterval(-3_600))
            @MainActor func columns() -> [StyledText] {
                guard case .columns(let columns) = formatter.row(for: summary).content else { return [] }
                return columns
            }
            @MainActor func texts() -> [String] { columns().map(\.plainText) }
            _ = formatter.columns(width: 120)
            formatter.measureTags(of: [summary])
            XCTAssertEqual(
                texts(), ["Walk", DateStyle.short.format(summary.createdAt, now: now, timeZone: zone), "home"])
            XCTAssertEqual(texts(), texts(), "kept")

            summary.starred = true
            summary.title = "Walk by the lake"
            XCTAssertEqual(texts().first, "* Walk by the lake", "the entry changed")

            current.dateStyle = .iso
            XCTAssertEqual(
                texts()[1], DateStyle.iso.format(summary.createdAt, now: now, timeZone: zone), "the date style changed")
            current.sortOrder = .updated
            XCTAssertEqual(
                texts()[1], DateStyle.iso.format(summary.updatedAt, now: now, timeZone: zone), "the sort order changed")

            XCTAssertEqual(columns()[2].spans.first?.style, Theme.default.dim)
            formatter.theme = .light
            XCTAssertEqual(columns()[2].spans.first?.style, Theme.light.dim, "the theme changed")

            _ = formatter.columns(width: 30)
            XCTAssertEqual(columns().count, 2, "fewer columns shown")
        }
    }
}
