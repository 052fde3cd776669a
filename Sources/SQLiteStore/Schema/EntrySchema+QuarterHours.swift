import EntryModel
import GRDB

/// The fourth migration: how many entries were created in each quarter hour, kept by triggers.
///
/// The Calendar's month and statistics count entries per day, and a day is a span of local time:
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

    /// The tables and triggers the migration adds (for checks and tests).
    static let quarterHourObjects: [(type: String, name: String)] = [
        ("table", "entryQuarterHour"), ("trigger", "entry_ai_quarter_hour"),
        ("trigger", "entry_ad_quarter_hour"), ("trigger", "entry_au_quarter_hour"),
        ("table", "entryDay"), ("trigger", "quarter_hour_ai_day"), ("trigger", "quarter_hour_ad_day"),
        ("table", "entryTagCount"), ("trigger", "entryTag_ai_count"), ("trigger", "entryTag_ad_count"),
    ]

    /// The tag count's insert trigger, dropped around bulk inserts (which add each tag's count once).
    static let tagCountInsertTrigger = "entryTag_ai_count"

    /// Adds `?2` to the kept count of tag `?1`.
    static let addTagCount = """
        INSERT INTO entryTagCount (tag, count) VALUES (?1, ?2)
        ON CONFLICT (tag) DO UPDATE SET count = count + excluded.count
        """

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

    /// The UTC day of quarter hour `column`, rounded down.
    static func day(ofQuarterHour column: String) -> String {
        "(CASE WHEN \(column) >= 0 THEN \(column) / 96 ELSE (\(column) + 1) / 96 - 1 END)"
    }

    /// The migration's SQL. The counts start from the rows already there (one pass over the
    /// createdAt index). Rows that fall to zero are deleted, so the table holds only quarter hours
    /// with entries.
    ///
    /// Two more summaries make the Calendar's statistics independent of the number of entries:
    /// - `entryDay`: per UTC day with entries, its first and last quarter hour with any. A local day is
    ///   the tail of one UTC day and the head of the next, so whether it has entries is "the first
    ///   day's last quarter hour is in its tail, or the next day's first is in its head": streaks over
    ///   ten years read 3,650 small rows. Kept by triggers on `entryQuarterHour`.
    /// - `entryTagCount`: entries per tag, for the tag list and the most used tags.
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
        CREATE TABLE entryDay (
            day INTEGER PRIMARY KEY,
            firstQuarterHour INTEGER NOT NULL,
            lastQuarterHour INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO entryDay (day, firstQuarterHour, lastQuarterHour)
        SELECT \(day(ofQuarterHour: "quarterHour")), min(quarterHour), max(quarterHour) FROM entryQuarterHour WHERE true GROUP BY 1;
        CREATE TRIGGER quarter_hour_ai_day AFTER INSERT ON entryQuarterHour BEGIN
            INSERT INTO entryDay (day, firstQuarterHour, lastQuarterHour)
            VALUES (\(day(ofQuarterHour: "new.quarterHour")), new.quarterHour, new.quarterHour)
            ON CONFLICT (day) DO UPDATE SET
                firstQuarterHour = min(firstQuarterHour, excluded.firstQuarterHour),
                lastQuarterHour = max(lastQuarterHour, excluded.lastQuarterHour);
        END;
        CREATE TRIGGER quarter_hour_ad_day AFTER DELETE ON entryQuarterHour BEGIN
            DELETE FROM entryDay WHERE day = \(day(ofQuarterHour: "old.quarterHour")) AND NOT EXISTS (
                SELECT 1 FROM entryQuarterHour
                WHERE quarterHour >= \(day(ofQuarterHour: "old.quarterHour")) * 96
                  AND quarterHour < \(day(ofQuarterHour: "old.quarterHour")) * 96 + 96);
            UPDATE entryDay SET
                firstQuarterHour = (SELECT min(quarterHour) FROM entryQuarterHour
                    WHERE quarterHour >= day * 96 AND quarterHour < day * 96 + 96),
                lastQuarterHour = (SELECT max(quarterHour) FROM entryQuarterHour
                    WHERE quarterHour >= day * 96 AND quarterHour < day * 96 + 96)
            WHERE day = \(day(ofQuarterHour: "old.quarterHour"));
        END;
        CREATE TABLE entryTagCount (
            tag TEXT PRIMARY KEY NOT NULL,
            count INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO entryTagCount (tag, count) SELECT tag, count(*) FROM entryTag WHERE true GROUP BY tag;
        CREATE TRIGGER entryTag_ai_count AFTER INSERT ON entryTag BEGIN
            INSERT INTO entryTagCount (tag, count) VALUES (new.tag, 1)
            ON CONFLICT (tag) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER entryTag_ad_count AFTER DELETE ON entryTag BEGIN
            UPDATE entryTagCount SET count = count - 1 WHERE tag = old.tag;
            DELETE FROM entryTagCount WHERE tag = old.tag AND count <= 0;
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

extension Database {
    /// Whether the schema holds an object named `name`, of any type. The repository reads v4's
    /// summaries when they are there and falls back to the entries only when they are absent (an
    /// older database opened read-only); an object of that name that is not the table v4 made is
    /// read as it is, and the open's schema check refuses it next time.
    func hasSchemaObject(named name: String) throws -> Bool {
        try Bool.fetchOne(self, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = ?)", arguments: [name])
            ?? false
    }
}
