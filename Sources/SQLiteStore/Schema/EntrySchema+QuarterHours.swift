import EntryModel

/// The fourth migration: how many entries were created in each quarter hour, kept by triggers.
///
/// The Journal's calendar and statistics count entries per day, and a day is a span of local time:
/// no index on UTC milliseconds can answer "per day" for every time zone without reading every entry
/// of the span. Every time zone's offset (with or without daylight saving) is a whole number of
/// quarter hours, so counts per UTC quarter hour add up exactly to counts per local day in any zone:
/// a month is at most 31 × 96 rows, ten years of statistics a few hundred thousand small rows read
/// in SQL, whatever the number of entries.
extension EntrySchema {
    /// The identifier of the migration that adds the quarter-hour counts.
    static let v4 = "v4-entry-quarter-hour-counts"

    /// Milliseconds in a quarter hour: the width of one row of `entryQuarterHour`.
    static let quarterHourMilliseconds: Int64 = 900_000

    /// The table and triggers the migration adds (for checks and tests).
    static let quarterHourObjects: [(type: String, name: String)] = [
        ("table", "entryQuarterHour"), ("trigger", "entry_ai_quarter_hour"),
        ("trigger", "entry_ad_quarter_hour"), ("trigger", "entry_au_quarter_hour"),
    ]

    /// The insert trigger, dropped and recreated around bulk inserts (which add their rows' counts
    /// once, grouped, instead).
    static let quarterHourInsertTrigger = "entry_ai_quarter_hour"

    /// The quarter hour of `column` (milliseconds, possibly before 1970), rounded down.
    static func quarterHour(of column: String) -> String {
        "(CASE WHEN \(column) >= 0 THEN \(column) / 900000 ELSE (\(column) + 1) / 900000 - 1 END)"
    }

    /// Adds the counts of the entries with an id above `?1` (what a bulk insert just wrote).
    static let addQuarterHoursOfNewEntries = """
        INSERT INTO entryQuarterHour (quarterHour, count)
        SELECT \(quarterHour(of: "createdAt")), count(*) FROM entry WHERE id > ?1 GROUP BY 1
        ON CONFLICT (quarterHour) DO UPDATE SET count = count + excluded.count
        """

    /// The migration's SQL. The counts start from the rows already there (one pass over the
    /// createdAt index). Rows that fall to zero are deleted, so the table holds only quarter hours
    /// with entries.
    static let v4SQL = """
        CREATE TABLE entryQuarterHour (
            quarterHour INTEGER PRIMARY KEY,
            count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO entryQuarterHour (quarterHour, count)
        SELECT \(quarterHour(of: "createdAt")), count(*) FROM entry WHERE true GROUP BY 1;
        CREATE TRIGGER entry_ai_quarter_hour AFTER INSERT ON entry BEGIN
            INSERT INTO entryQuarterHour (quarterHour, count) VALUES (\(quarterHour(of: "new.createdAt")), 1)
            ON CONFLICT (quarterHour) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER entry_ad_quarter_hour AFTER DELETE ON entry BEGIN
            UPDATE entryQuarterHour SET count = count - 1 WHERE quarterHour = \(quarterHour(of: "old.createdAt"));
            DELETE FROM entryQuarterHour WHERE quarterHour = \(quarterHour(of: "old.createdAt")) AND count <= 0;
        END;
        CREATE TRIGGER entry_au_quarter_hour AFTER UPDATE OF createdAt ON entry
        WHEN \(quarterHour(of: "old.createdAt")) != \(quarterHour(of: "new.createdAt")) BEGIN
            UPDATE entryQuarterHour SET count = count - 1 WHERE quarterHour = \(quarterHour(of: "old.createdAt"));
            DELETE FROM entryQuarterHour WHERE quarterHour = \(quarterHour(of: "old.createdAt")) AND count <= 0;
            INSERT INTO entryQuarterHour (quarterHour, count) VALUES (\(quarterHour(of: "new.createdAt")), 1)
            ON CONFLICT (quarterHour) DO UPDATE SET count = count + 1;
        END;
        """
}
