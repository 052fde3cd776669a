/// A `postgresql://` journal asked of a build of entries made without its PostgreSQL client (the
/// package's `PostgreSQL` trait turned off: an SQLite-only build). Nothing was tried: the build has no
/// way to reach a server.
public struct NoPostgreSQLClientError: Error, Equatable, CustomStringConvertible {
    /// The journal that was asked for (its description never holds a password).
    public var location: PostgreSQLLocation

    /// The error for `location`.
    public init(location: PostgreSQLLocation) {
        self.location = location
    }

    /// One line: what cannot be done, and the build that can.
    public var description: String {
        "this build of entries has no PostgreSQL client, so it cannot open \(location): rebuild it with the "
            + "PostgreSQL trait (on by default: `make install`)"
    }
}
