import EntryModel
import GRDB

/// The `CREATE` statements of schema objects, as this build's migrations define them
/// (``ExpectedSchema``): never as a database file records them.
///
/// A bulk insert drops triggers, indexes and the full-text table for the length of its transaction
/// and creates them again from these. Why not from the database's own `sqlite_master` text: that text
/// is the file's, and SQLite's schema loader reads only its first statement, so a definition with
/// `; ATTACH DATABASE … ; …` appended looks sound (even to `PRAGMA integrity_check`) and would run
/// whole if executed. The open has already checked that the database's definitions are these
/// (``SchemaDrift``), so recreating from them changes nothing.
struct SchemaObjectDefinitions {
    private let sqlByName: [String: String]

    /// The definitions of the objects named `names` in this build's full schema.
    /// Throws when one has none: the bulk insert must not drop what it could not recreate.
    init(names: [String], schema: ExpectedSchema? = nil) throws {
        let schema = try schema ?? ExpectedSchema.current()
        var sqlByName: [String: String] = [:]
        for name in names {
            guard let sql = schema.object(named: name)?.sql else { throw Self.missing(name) }
            sqlByName[name] = sql
        }
        self.sqlByName = sqlByName
    }

    /// The statement that creates the object named `name`.
    func sql(of name: String) throws -> String {
        guard let sql = sqlByName[name] else { throw Self.missing(name) }
        return sql
    }

    /// Creates the object named `name` again in `db`.
    func create(_ name: String, in db: Database) throws {
        try db.execute(sql: sql(of: name))
    }

    private static func missing(_ name: String) -> DatabaseError {
        DatabaseError(resultCode: .SQLITE_INTERNAL, message: "this version of entries has no definition of \(name)")
    }
}
