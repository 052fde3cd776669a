import GRDB

/// What a streamed insert gives SQLite's sorter while it rebuilds the sort and tag indexes of
/// millions of rows: more memory before it spills sorted runs to temporary files, and helper threads
/// that sort those runs beside the writer (SQLite's multi-threaded sorter, off by default).
///
/// See <https://www.sqlite.org/pragma.html#pragma_threads> and <https://www.sqlite.org/pragma.html#pragma_cache_size>
/// (the sorter takes up to the page cache's size in memory per run).
enum SortingSettings {
    /// The page cache while the indexes are built, in KiB: the duplicate check's table has been freed
    /// by then (``StreamedBulkInsert``'s own cache is a quarter of this).
    static let cacheKibibytes = 65_536
    /// Helper threads of the sorter: this project's machine has two cores.
    static let helperThreads = 2

    /// Runs `body` with the settings above, then puts the connection's back.
    static func whileBuildingIndexes(_ db: Database, _ body: () throws -> Void) throws {
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
        try db.execute(sql: "PRAGMA cache_size = -\(cacheKibibytes)")
        try db.execute(sql: "PRAGMA threads = \(helperThreads)")
        defer {
            try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)")
            try? db.execute(sql: "PRAGMA threads = \(threads)")
        }
        try body()
    }
}
