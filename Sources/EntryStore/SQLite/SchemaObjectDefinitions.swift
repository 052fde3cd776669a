import GRDB

/// The `CREATE` statements of schema objects, as the database itself records them (`sqlite_master`).
///
/// A bulk insert drops triggers, indexes and the full-text table for the length of its transaction
/// and creates them again from these: exactly as the migrations that made this database defined
/// them, whatever version those were, and without reusing a migration's text (which is frozen).
struct SchemaObjectDefinitions {
    private let sqlByName: [String: String]

    /// Reads the definitions of the objects named `names` in the main database of `db`.
    /// Throws when one is missing: the bulk insert must not drop what it could not recreate.
    init(_ db: Database, names: [String]) throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM main.sqlite_master WHERE name IN (\(names.map { _ in "?" }.joined(separator: ", ")))
            """, arguments: StatementArguments(names))
        var sqlByName: [String: String] = [:]
        for row in rows {
            if let name: String = row["name"], let sql: String = row["sql"] { sqlByName[name] = sql }
        }
        if let missing = names.first(where: { sqlByName[$0] == nil }) {
            throw Self.missing(missing)
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
        DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the schema has no \(name)")
    }
}
