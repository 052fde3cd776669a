import AppShell
import EntryModel
import Foundation

/// The entries written on this day of the year in earlier years, newest year first: one row each,
/// its year and its title. Enter hands the selected entry to the flow.
@MainActor
final class MemoriesScene: Scene {
    let title: String
    private let flow: any MemoriesFlow
    private let rows: MemoryRows
    private let list: ListView

    init(title: String, environment: MemoriesEnvironment) {
        self.title = title
        self.flow = environment.flow
        do {
            rows = MemoryRows(memories: try Self.memories(in: environment), timeZone: environment.timeZone)
            list = ListView(dataSource: rows, emptyText: "Nothing written on this day in earlier years")
        } catch {
            // Said on the screen, never an empty list that looks like "no memories".
            rows = MemoryRows(memories: [], timeZone: environment.timeZone)
            list = ListView(dataSource: rows, emptyText: "Cannot read the entries: \(error)")
        }
    }

    /// Up to five entries for each of the `years` years before today, on today's month and day.
    private static func memories(in environment: MemoriesEnvironment) throws -> [EntrySummary] {
        let today = CivilDay(environment.now(), in: environment.timeZone)
        return try (1...environment.years).flatMap { yearsAgo -> [EntrySummary] in
            let day = CivilDay(year: today.year - yearsAgo, month: today.month, day: today.day)
            // 29 February in a year without one: CivilDay rolls over to 1 March; skip that year.
            guard day.month == today.month else { return [] }
            let request = PageRequest(order: .oldest, filter: .day(day, in: environment.timeZone), limit: 5)
            return try environment.repository.page(request)
        }
    }

    // MARK: Drawing and keys

    func render(into buffer: inout Buffer, area: Rect) {
        list.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        list.handle(key)
    }

    // MARK: Actions (the storyboard binds keys to them)

    func open() {
        guard let index = list.selectedIndex else { return }
        flow.showEntry(rows.memories[index])
    }
}

/// What the list shows, one row per memory: its year, then its title. A value the list keeps; the
/// scene keeps the list.
struct MemoryRows: ListDataSource {
    let memories: [EntrySummary]
    let timeZone: TimeZone

    var count: Int { memories.count }

    func row(at index: Int) -> ListRow {
        let memory = memories[index]
        let year = CivilDay(memory.createdAt, in: timeZone).year
        return ListRow(StyledText("\(year)  \(memory.title)"))
    }
}
