import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import XCTest

/// The shipped layout draws the rows exactly as the code did before the row was a layout: the old
/// formatter is kept here, verbatim, as the reference, and both draw the same entries (starred or not,
/// wide, combining and hostile titles, many tags) at every width from 1 to 200, in every date style.
final class EntryListLayoutBeforeAfterTests: XCTestCase {
    /// `EntryRowFormatter` as it was (columns and row only), the "before".
    @MainActor
    private final class FormatterBefore {
        let format: @MainActor @Sendable (Date) -> String
        let style: DateStyle
        let theme = Theme.default
        var widestTags = 0
        init(style: DateStyle, format: @escaping @MainActor @Sendable (Date) -> String) {
            self.style = style
            self.format = format
        }
        func columns(width: Int, spacing: Int = 2) -> [ListColumn] {
            let title = ListColumn(.flexible(minimum: 1))
            guard width >= 24 else { return [title] }
            let dateWidth = EntryRowFormatter.dateWidth(style)
            let date = ListColumn(.fixed(dateWidth))
            guard width >= 56 else { return [title, date] }
            let room = width - dateWidth - 2 * spacing
            return [title, date, ListColumn(.fixed(min(widestTags, room * 2 / 5)))]
        }
        func measureTags(of summaries: [EntrySummary]) {
            for summary in summaries {
                widestTags = max(widestTags, EntryText.rowPrefix(EntryText.tags(summary.tags)).displayWidth)
            }
        }
        func row(for summary: EntrySummary) -> ListRow {
            ListRow(columns: [
                StyledText((summary.starred ? "* " : "") + EntryText.rowPrefix(summary.title)),
                StyledText(format(summary.createdAt)),
                StyledText(EntryText.rowPrefix(EntryText.tags(summary.tags)), style: theme.dim),
            ])
        }
    }

    @MainActor
    private struct Rows: ListDataSource {
        let summaries: [EntrySummary]
        let make: (EntrySummary) -> ListRow
        var count: Int { summaries.count }
        func row(at index: Int) -> ListRow { make(summaries[index]) }
    }

    private static func summaries() -> [EntrySummary] {
        var random = SeededGenerator(seed: 7)
        let titles = [
            "Weekly review", "漢字の日記を書く長いタイトル", "cafe\u{301} e\u{301}te\u{301}", "👩‍👩‍👧 family day", "\u{1B}[2J clear", "",
            String(repeating: "very long title ", count: 20), "Tab\there",
        ]
        let tags = [
            [], ["work"], ["architecture", "terminal", "performance"], ["日本語", "タグ"], ["a-rather-long-tag-name-indeed"],
        ]
        return (0..<40).map { index in
            EntrySummary(
                id: Int64(index + 1), title: titles.randomElement(using: &random)!,
                tags: tags.randomElement(using: &random)!,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400 * 7),
                updatedAt: Date(timeIntervalSince1970: 1_700_000_000), starred: Bool.random(using: &random))
        }
    }

    func testTheShippedLayoutDrawsWhatTheCodeDrewAtEveryWidthAndStyle() {
        onMainActor {
            let summaries = Self.summaries()
            let now = Date(timeIntervalSince1970: 1_710_000_000)
            let zone = TimeZone(identifier: "UTC")!
            for style in DateStyle.allCases {
                let format: @MainActor @Sendable (Date) -> String = { style.format($0, now: now, timeZone: zone) }
                var preferences = Preferences.defaults
                preferences.dateStyle = style
                preferences.sortOrder = .newest
                let shown = preferences
                let before = FormatterBefore(style: style, format: format)
                let after = EntryRowFormatter(theme: .default, preferences: { shown }, format: format)
                for width in 1...200 {
                    for offset in [0, 17, 30] {
                        let visible = Array(summaries[offset..<min(summaries.count, offset + 10)])
                        before.measureTags(of: visible)
                        after.measureTags(of: visible)
                        let oldList = ListView(
                            dataSource: Rows(summaries: visible, make: before.row(for:)),
                            columns: before.columns(width: width))
                        let newList = ListView(
                            dataSource: Rows(summaries: visible, make: after.row(for:)), columnSpacing: after.columnGap)
                        newList.columns = after.columns(width: width)
                        var old = Buffer(size: Size(width: width, height: 10))
                        var new = Buffer(size: Size(width: width, height: 10))
                        oldList.render(into: &old, area: old.area)
                        newList.render(into: &new, area: new.area)
                        XCTAssertEqual(new, old, "style \(style), width \(width), rows from \(offset)")
                    }
                }
            }
        }
    }
}
