import EntryModel
import Foundation
// Its clients name journals by their location, which needs no client of its own (an SQLite-only build has it).
@_exported import PostgreSQLAddress

/// A journal kept on a PostgreSQL server: connects, brings the schema up to date (or refuses a
/// database it must not touch), and hands out the repositories and the change feed.
///
/// Everything that can fail at open fails in the initializer with one ``EntryStoreError``: a server
/// that cannot be reached or refuses the login (``EntryStoreError/cannotConnect(server:reason:)``),
/// a database of another application, a newer schema. Nothing is written then.
///
/// ```swift
/// let location = try PostgreSQLLocation(parsing: "postgresql://me@db.example:5432/journal?sslmode=require")
/// let database = try PostgreSQLDatabase(location: location)   // password: PGPASSWORD or ~/.pgpass
/// try database.entries.insert(EntryDraft(title: "Hello"))
/// ```
public final class PostgreSQLDatabase: Sendable {
    /// Where the journal lives.
    public let location: PostgreSQLLocation
    /// The journal's entries.
    public let entries: PostgreSQLEntryRepository
    /// The journal's settings, shared by everyone who opens it.
    public let settings: PostgreSQLSettingsRepository
    /// Other writers' changes as they are committed (`LISTEN`/`NOTIFY`).
    public let changes: PostgreSQLChangeFeed
    /// True when this open made the schema (the database was empty).
    public let wasCreated: Bool

    /// Opens the journal at `location`, with the password from `PGPASSWORD` or the password file (see
    /// ``PostgreSQLLocation/password(environment:)``).
    public convenience init(
        location: PostgreSQLLocation, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        try self.init(location: location, password: location.password(environment: environment))
    }

    /// Opens the journal at `location` with `password` (nil for none): connects, migrates the schema
    /// or makes it, and remakes stale title keys, links and word counts.
    public init(location: PostgreSQLLocation, password: String?) throws {
        self.location = location
        let session = PostgreSQLSession(location: location, password: password)
        wasCreated = try PostgreSQLMigrator.migrate(session)
        try StaleTitleKeys.remake(session)
        try StaleLinks.make(session)
        try StaleWordCounts.count(session)
        entries = PostgreSQLEntryRepository(session: session)
        settings = PostgreSQLSettingsRepository(session: session)
        changes = PostgreSQLChangeFeed(session: session)
    }
}
