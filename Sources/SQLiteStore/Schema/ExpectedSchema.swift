import EntryModel
import GRDB

/// The schema this build's migrations make, object by object, after each migration: what a database
/// must hold, byte for byte, for the migrations it records as applied (``SchemaDrift``), and the one
/// source of the definitions a bulk insert drops and creates again (``SchemaObjectDefinitions``).
///
/// Made by running the migrations on a private in-memory database, so it can never disagree with
/// the migrations; SQLite records each definition as the statement's text, so the texts are exactly
/// those a file made by these migrations holds. That run costs a few milliseconds at every start
/// (the largest part of opening a journal), so the build also carries its result,
/// ``RecordedSchema``, made the same way by `make schema` and checked against the migrations by the
/// tests: it is used when the SQLite library linked at run time is the one it was recorded with
/// (FTS5 writes the definitions of its own tables, which another SQLite may word differently), and
/// the migrations run as before otherwise.
struct ExpectedSchema: Sendable, Equatable {
    /// `afterMigrations[n]`: the objects after the first `n` migrations (`afterMigrations[0]` has only
    /// the migrations table).
    let afterMigrations: [[SchemaObject]]
    /// The migration identifiers, in order.
    let migrationIdentifiers: [String]

    /// This build's schema. Computed on first use and kept: it is a constant of the build. Throws
    /// only if the migrations cannot run at all (an SQLite without FTS5, say): then no database can
    /// be opened, and every open says why.
    static func current() throws -> ExpectedSchema {
        try computed.get()
    }

    private static let computed: Result<ExpectedSchema, EntryStoreError> = {
        if let recorded = RecordedSchema.schema(forSQLite: RecordedSchema.linkedSQLite()) { return .success(recorded) }
        do {
            return .success(try ExpectedSchema(migrator: EntrySchema.migrator))
        } catch {
            return .failure(
                .other("this version of entries cannot make its own schema (\(error)): check the SQLite library"))
        }
    }()

    init(migrationIdentifiers: [String], afterMigrations: [[SchemaObject]]) {
        self.migrationIdentifiers = migrationIdentifiers
        self.afterMigrations = afterMigrations
    }

    init(migrator: DatabaseMigrator) throws {
        let queue = try DatabaseQueue()
        migrationIdentifiers = migrator.migrations
        var snapshots: [[SchemaObject]] = []
        try migrator.migrate(queue, upTo: migrator.migrations[0])  // creates the migrations table too
        var withoutAny = try queue.read(SchemaObject.fetchAll)
        withoutAny.removeAll { !Self.migrationsTableObjects.contains($0.name) }
        snapshots.append(withoutAny)
        for identifier in migrator.migrations {
            try migrator.migrate(queue, upTo: identifier)
            snapshots.append(try queue.read(SchemaObject.fetchAll))
        }
        afterMigrations = snapshots
        try queue.close()
    }

    /// GRDB's record of the applied migrations: its table and that table's primary key index.
    static let migrationsTableObjects: Set<String> = ["grdb_migrations", "sqlite_autoindex_grdb_migrations_1"]

    /// The objects of a database on which `applied` migrations ran, or nil when `applied` is not
    /// a beginning of this build's list (migrations always run in order).
    func objects(afterApplying applied: Set<String>) -> [SchemaObject]? {
        let count = applied.count
        guard count <= migrationIdentifiers.count, Set(migrationIdentifiers.prefix(count)) == applied else {
            return nil
        }
        return afterMigrations[count]
    }

    /// The object named `name` in the full schema (every migration applied).
    func object(named name: String) -> SchemaObject? {
        afterMigrations.last?.first { $0.name == name }
    }
}
