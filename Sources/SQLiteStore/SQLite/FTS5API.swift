import GRDB
import GRDBSQLite

/// The connection's `fts5_api`: how SQLite lets a program add ranking functions (``EntryRankFunction``)
/// and use the tokenizers of its full-text index (``IndexTokenizer``).
///
/// Obtained as <https://www.sqlite.org/fts5.html#extending_fts5> says.
enum FTS5API {
    static func pointer(_ db: Database) throws -> UnsafePointer<fts5_api> {
        let statement = try db.makeStatement(sql: "SELECT fts5(?)")
        // SQLite writes the pointer during the step: the slot must outlive the bind call.
        let slot = UnsafeMutablePointer<UnsafePointer<fts5_api>?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        defer { slot.deallocate() }
        let type: StaticString = "fts5_api_ptr"
        type.utf8Start.withMemoryRebound(to: CChar.self, capacity: type.utf8CodeUnitCount) { typePointer in
            _ = sqlite3_bind_pointer(statement.sqliteStatement, 1, slot, typePointer, nil)
            sqlite3_step(statement.sqliteStatement)
        }
        sqlite3_reset(statement.sqliteStatement)
        guard let api = slot.pointee else {
            throw DatabaseError(resultCode: .SQLITE_ERROR, message: "this SQLite has no FTS5")
        }
        return api
    }
}
