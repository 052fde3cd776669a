import EntryModel
import GRDB

/// What an open learns from a database's schema before using it: how its migrations compare with
/// this build's (``SchemaStatus``), and how its objects differ from what those migrations made
/// (``SchemaDrift``). Reads only the schema table and the migrations table, in that order, and the
/// migrations table only once the schema table shows it is the table GRDB made (a view there would
/// run when read).
struct SchemaInspection {
    var status: SchemaStatus
    var drift: SchemaDrift

    init(_ db: Database) throws {
        let expected = try ExpectedSchema.current()
        let objects = try SchemaObject.fetchAll(db)
        let migrationsTable = objects.filter { ExpectedSchema.migrationsTableObjects.contains($0.name) }
        if !migrationsTable.isEmpty {
            let tableDrift = SchemaDrift(actual: migrationsTable, expected: expected.afterMigrations[0])
            if !tableDrift.isEmpty {
                // Not read at all: reported as changed for reading and writing alike.
                status = .foreign
                drift = tableDrift
                return
            }
        }
        status = try SchemaStatus(db)
        switch status {
        case .foreign, .newer:
            drift = SchemaDrift(actual: [], expected: [])
        case .empty:
            // Nothing but (perhaps) the migrations table: anything else was not made by entries.
            drift = SchemaDrift(actual: objects, expected: migrationsTable)
        case .current, .outdated, .outdatedButReadable:
            let applied = try EntrySchema.migrator.appliedIdentifiers(db)
            if let wanted = expected.objects(afterApplying: applied) {
                drift = SchemaDrift(actual: objects, expected: wanted)
            } else {
                let table =
                    migrationsTable.first { $0.type == "table" }
                    ?? SchemaObject(type: "table", name: "grdb_migrations", tableName: "grdb_migrations")
                drift = SchemaDrift(differences: [.init(object: table, kind: .changedDefinition)])
            }
        }
    }

    /// Throws when the database must not be opened: another app's, a newer version's, or changed
    /// outside entries (any difference for writing; for reading, any that a read could run).
    func check(path: String, forWriting: Bool) throws {
        if !drift.isEmpty && status == .foreign {
            try drift.check(path: path, forWriting: true)
        }
        try status.check(path: path)
        try drift.check(path: path, forWriting: forWriting)
    }
}
