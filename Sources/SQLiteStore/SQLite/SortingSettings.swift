import GRDB

/// What a streamed insert gives SQLite's sorter while it rebuilds the sort and tag indexes of
/// millions of rows: helper threads that sort and merge its runs beside the writer (SQLite's
/// multi-threaded sorter, off by default). Each run takes up to the page cache's size in memory, and
/// with helpers a run is sorted while the next fills: a larger cache here (64 MiB was tried) sorted
/// no faster than the helpers alone and took the ten-million import's peak from 184 to 325 MB.
///
/// See <https://www.sqlite.org/pragma.html#pragma_threads>.
enum SortingSettings {
    /// Helper threads of the sorter: this project's machine has two cores.
    static let helperThreads = 2

    /// Runs `body` with the helpers, then puts the connection's setting back.
    static func whileBuildingIndexes(_ db: Database, _ body: () throws -> Void) throws {
        let threads = try Int.fetchOne(db, sql: "PRAGMA threads") ?? 0
        try db.execute(sql: "PRAGMA threads = \(helperThreads)")
        defer { try? db.execute(sql: "PRAGMA threads = \(threads)") }
        try body()
    }
}
