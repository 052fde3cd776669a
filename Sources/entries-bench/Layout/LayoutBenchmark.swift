import AppShell
import EntryModel
import EntryUI
import Foundation

/// `entries-bench layout`: what a list row's layout costs per key. One step is what `j` costs the
/// list's rows: move the selection, measure the rows on screen, lay out the columns and draw every
/// visible row into a 120×40 buffer (the store is not involved: the rows on screen are in memory,
/// whatever the database's size). Three formatters draw the same 2,000 entries: the code before rows
/// were a layout (kept here as the reference), the shipped layout, and a six-column layout.
@MainActor
enum LayoutBenchmark {
    /// scripts/bench-layouts/six-columns/EntryList.layout without its comments, the row
    /// scripts/bench-tui.sh times on the real binary.
    static let sixColumns = """
        kind: EntryList
        row:
          - {outlet: star, width: 1}
          - {outlet: title, width: fill min 10}
          - {outlet: created, date: short, width: fit}
          - {outlet: words, width: fit, shown-from: 50}
          - {outlet: updated, date: relative, width: fit, shown-from: 50}
          - {outlet: tags, width: fit max 30%, role: dim, shown-from: 50}
        """

    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print("usage: entries-bench layout")
            return 0
        }
        let loaded = LayoutLoader(kinds: [EntryListLayout.kind]).parse(sixColumns, fileName: "six-columns.layout")
        guard let six = loaded.layout else {
            print(loaded.diagnostics.map(\.description).joined(separator: "\n"))
            return 1
        }
        let summaries = sampleSummaries(count: 2_000)
        let size = Size(width: 120, height: 40)
        let now = Date(timeIntervalSince1970: 1_764_000_000)
        let zone = TimeZone(identifier: "UTC") ?? .current
        let format: @MainActor (Date) -> String = { DateStyle.short.format($0, now: now, timeZone: zone) }
        let styled: @MainActor (Date, DateStyle) -> String = { $1.format($0, now: now, timeZone: zone) }
        let repetitions = 2_000
        let before = measure(
            summaries: summaries, size: size, repetitions: repetitions, formatter: CodeRowFormatter(format: format))
        let shipped = measure(
            summaries: summaries, size: size, repetitions: repetitions,
            formatter: EntryRowFormatter(
                theme: .default, preferences: { .defaults }, format: format, formatInStyle: styled))
        let sixColumns = measure(
            summaries: summaries, size: size, repetitions: repetitions,
            formatter: EntryRowFormatter(
                theme: .default, preferences: { .defaults }, format: format, layout: six, formatInStyle: styled))
        print("List rows per key (j), 120×40, 40 rows drawn (ms, median / p99)")
        print("  before layouts (rows in code)      \(before.millisecondsSummary)")
        print("  shipped layout (EntryList.layout)  \(shipped.millisecondsSummary)")
        print("  six-column layout                  \(sixColumns.millisecondsSummary)")
        return 0
    }

    /// The steps of `j` through the list with `formatter`, the selection wrapping at the end.
    private static func measure(
        summaries: [EntrySummary], size: Size, repetitions: Int, formatter: some RowFormatting
    ) -> Timing {
        let source = Rows(summaries: summaries, formatter: formatter)
        let list = ListView(dataSource: source, theme: .default)
        var buffer = Buffer(size: size)
        let area = buffer.area
        return Timing.measure(repetitions: repetitions) {
            let next = (list.selectedIndex ?? 0) + 1
            list.select(next < summaries.count ? next : 0)
            let first = list.scrollOffset
            formatter.measure(Array(summaries[first..<min(summaries.count, first + area.height)]))
            list.columnSpacing = formatter.gap
            list.columns = formatter.columns(width: area.width)
            list.render(into: &buffer, area: area)
        }
    }

    private static func sampleSummaries(count: Int) -> [EntrySummary] {
        let titles = [
            "Weekly review", "A walk by the river", "漢字の日記", "Notes on the storyboard format", "Groceries",
            "Call with the team",
        ]
        let tags = [[], ["work"], ["architecture", "terminal"], ["home", "family", "weekend"]]
        return (0..<count).map { (index: Int) -> EntrySummary in
            let title: String = titles[index % titles.count] + " " + String(index)
            let created = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600)
            let updated = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 7_200)
            return EntrySummary(
                id: Int64(index + 1), title: title, tags: tags[index % tags.count],
                createdAt: created, updatedAt: updated, starred: index % 7 == 0, words: (index * 37) % 5_000)
        }
    }

    @MainActor
    private struct Rows<Formatter: RowFormatting>: ListDataSource {
        let summaries: [EntrySummary]
        let formatter: Formatter
        var count: Int { summaries.count }
        func row(at index: Int) -> ListRow { formatter.row(for: summaries[index]) }
    }
}

/// What the benchmark asks of a row formatter.
@MainActor
protocol RowFormatting {
    var gap: Int { get }
    func measure(_ summaries: [EntrySummary])
    func columns(width: Int) -> [ListColumn]
    func row(for summary: EntrySummary) -> ListRow
}

extension EntryRowFormatter: RowFormatting {
    var gap: Int { columnGap }
    func measure(_ summaries: [EntrySummary]) { measureTags(of: summaries) }
}

/// The list's rows as the code drew them before they were a layout (title and star, date, tags).
@MainActor
final class CodeRowFormatter: RowFormatting {
    let format: @MainActor (Date) -> String
    var widestTags = 0
    var dates: [Int64: String] = [:]
    init(format: @escaping @MainActor (Date) -> String) { self.format = format }
    var gap: Int { 2 }
    func measure(_ summaries: [EntrySummary]) {
        for summary in summaries {
            widestTags = max(widestTags, EntryText.rowPrefix(EntryText.tags(summary.tags)).displayWidth)
        }
    }
    func columns(width: Int) -> [ListColumn] {
        let title = ListColumn(.flexible(minimum: 1))
        guard width >= 24 else { return [title] }
        let date = ListColumn(.fixed(11))
        guard width >= 56 else { return [title, date] }
        return [title, date, ListColumn(.fixed(min(widestTags, (width - 11 - 4) * 2 / 5)))]
    }
    func row(for summary: EntrySummary) -> ListRow {
        let date = dates[summary.id] ?? format(summary.createdAt)
        dates[summary.id] = date
        return ListRow(columns: [
            StyledText((summary.starred ? "* " : "") + EntryText.rowPrefix(summary.title)), StyledText(date),
            StyledText(EntryText.rowPrefix(EntryText.tags(summary.tags)), style: Theme.default.dim),
        ])
    }
}
