import EntryModel
import GRDB

/// One row of a database's schema table (`sqlite_master`): what the object is, its name, the table
/// it belongs to, and the statement that made it (nil for SQLite's automatic indexes).
/// See <https://www.sqlite.org/schematab.html>.
struct SchemaObject: Hashable, Sendable {
    var type: String
    var name: String
    var tableName: String
    var sql: String?

    /// Every row of the main database's schema table: a few dozen rows, read without touching any
    /// table, view or trigger (the schema table is read as data, nothing in it is run).
    static func fetchAll(_ db: Database) throws -> [SchemaObject] {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM main.sqlite_master").map { row in
            SchemaObject(type: row[0] ?? "", name: row[1] ?? "", tableName: row[2] ?? "", sql: row[3])
        }
    }

    /// "trigger entry_ai_fts": how a message names it.
    var label: String { "\(type) \(name)" }
}
