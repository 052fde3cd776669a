import GRDBSQLite

/// The expected schema as this build's migrations made it when it was recorded (`make schema`,
/// which writes ``RecordedSchemaData``), so that opening a journal need not run the migrations on
/// an in-memory database first (see ``ExpectedSchema``).
///
/// `EntryDatabaseRecordedSchemaTests` runs the migrations and compares: a migration added or changed
/// without `make schema` fails the tests, never a user's start.
enum RecordedSchema {
    /// The source id of the SQLite library linked at run time (version, date and checksum of its
    /// sources): the recording holds only for the library it was made with.
    static func linkedSQLite() -> String {
        String(cString: sqlite3_sourceid())
    }

    /// The recorded schema when `sqlite` is the library it was recorded with, else nil.
    static func schema(forSQLite sqlite: String) -> ExpectedSchema? {
        guard sqlite == RecordedSchemaData.sqlite else { return nil }
        let objects = RecordedSchemaData.objects.map {
            SchemaObject(type: $0.0, name: $0.1, tableName: $0.2, sql: $0.3)
        }
        return ExpectedSchema(
            migrationIdentifiers: RecordedSchemaData.migrationIdentifiers,
            afterMigrations: RecordedSchemaData.afterMigrations.map { $0.map { objects[$0] } })
    }

    /// The Swift source of ``RecordedSchemaData`` for `schema`, made with `sqlite`.
    static func source(of schema: ExpectedSchema, sqlite: String) -> String {
        var objects: [SchemaObject] = []
        var indexes: [SchemaObject: Int] = [:]
        let afterMigrations = schema.afterMigrations.map { snapshot in
            snapshot.map { object in
                if let index = indexes[object] { return index }
                indexes[object] = objects.count
                objects.append(object)
                return objects.count - 1
            }
        }
        func literal(_ text: String) -> String { String(reflecting: text) }
        var lines = [
            "// Written by `make schema` from the migrations (RecordedSchema.source(of:sqlite:)): do not edit.",
            "// EntryDatabaseRecordedSchemaTests checks it against the migrations.",
            "",
            "/// See ``RecordedSchema``.",
            "enum RecordedSchemaData {",
            "    /// `sqlite3_sourceid()` of the library the migrations ran on.",
            "    static let sqlite = \(literal(sqlite))",
            "    static let migrationIdentifiers: [String] = [\(schema.migrationIdentifiers.map(literal).joined(separator: ", "))]",
            "    /// Every object of every step: type, name, table, definition.",
            "    static let objects: [(String, String, String, String?)] = [",
        ]
        for object in objects {
            lines.append(
                "        (\(literal(object.type)), \(literal(object.name)), \(literal(object.tableName)), \(object.sql.map(literal) ?? "nil")),"
            )
        }
        lines.append("    ]")
        lines.append("    /// The objects after the first n migrations, as positions in `objects`.")
        lines.append("    static let afterMigrations: [[Int]] = [")
        for snapshot in afterMigrations {
            lines.append("        [\(snapshot.map(String.init).joined(separator: ", "))],")
        }
        lines.append("    ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
