import GRDB

/// The entries per quarter hour of a streamed insert's rows (``EntrySchema/v4``'s `entryQuarterHour`),
/// counted as the rows go by instead of by reading every new row again at the end (at ten million
/// entries that read took 9 s). Added to the table whenever ``limit`` quarter hours are held, so
/// memory stays flat whatever the span of the entries' dates.
struct QuarterHourCounts {
    /// Quarter hours held before they are added to the table: more than ten years' 350,400, so that
    /// a journal's counts are written once, at the end, in order (written every 262,144, ten million
    /// entries over ten years took 13 s of upserts instead of 7 s for the read at the end). Ten
    /// years take about 8 MB here; a million quarter hours at most about 40 MB.
    static let limit = 1 << 20

    private let limit: Int
    private var counts: [Int64: Int64] = [:]

    init(limit: Int = Self.limit) {
        self.limit = limit
    }

    var isFull: Bool { counts.count >= limit }

    /// Counts one entry created at `milliseconds` (as stored).
    mutating func add(createdAt milliseconds: Int64) {
        counts[Self.quarterHour(of: milliseconds), default: 0] += 1
    }

    /// The quarter hour of a creation time, as ``EntrySchema/quarterHour(of:)`` computes it in SQL:
    /// rounded down, also before 1970.
    static func quarterHour(of milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 900_000 : (milliseconds + 1) / 900_000 - 1
    }

    /// Adds the counts held to the table and forgets them.
    mutating func write(_ db: Database) throws {
        let statement = try RawStatement(
            db,
            sql: """
                INSERT INTO entryQuarterHour (quarterHour, count) VALUES (?, ?)
                ON CONFLICT (quarterHour) DO UPDATE SET count = count + excluded.count
                """)
        for (quarterHour, count) in counts.sorted(by: { $0.key < $1.key }) {
            try statement.bind(quarterHour, at: 1)
            try statement.bind(count, at: 2)
            try statement.runKeepingBindings()
        }
        statement.reset()
        counts = [:]
    }
}
