import EntryModel
import Foundation

/// Where a PostgreSQL journal lives: `postgresql://user@host:port/dbname?sslmode=…`, parsed and
/// checked before any connection is tried.
///
/// The password is never part of the location (a command line is visible to every user of the
/// machine in `ps`): it comes from `PGPASSWORD` or from `~/.pgpass` (``PasswordFile``), as with
/// `psql`. A host starting with `/` (written `%2F…`, or `host=` in the query) is a folder holding
/// the server's Unix socket.
///
/// See <https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-URIS>.
public struct PostgreSQLLocation: Hashable, Sendable, CustomStringConvertible {
    /// What `sslmode` asks of the connection.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it (the default, as with libpq).
        case prefer
        /// TLS or no connection; the certificate is not checked (libpq's `require`).
        case require
        /// TLS with a certificate signed by a trusted authority, for this host name.
        case verifyFull = "verify-full"
    }

    /// The role to log in as (`PGUSER`, else `USER`, when the location names none).
    public var user: String
    /// A host name or address, or the folder of a Unix socket.
    public var host: String
    /// The server's TCP port, or the number in the name of its Unix socket (5432 by default).
    public var port: Int
    /// The name of the database on the server that holds the journal.
    public var database: String
    /// Whether the connection uses TLS, and how far it checks the server (`sslmode`).
    public var tlsMode: TLSMode

    /// A location from its parts, unchecked; ``init(parsing:environment:)`` reads one from a URL.
    public init(user: String, host: String, port: Int = 5432, database: String, tlsMode: TLSMode = .prefer) {
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.tlsMode = tlsMode
    }

    /// True when `text` names a PostgreSQL location rather than a file.
    public static func isPostgreSQL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    /// The socket file when ``host`` is a folder, as the server names it.
    public var unixSocketPath: String? {
        host.hasPrefix("/") ? host + "/.s.PGSQL.\(port)" : nil
    }

    /// The location as a URL without password, for messages.
    public var description: String {
        let shownHost = host.hasPrefix("/") ? host.replacingOccurrences(of: "/", with: "%2F") : host
        return "postgresql://\(user)@\(shownHost):\(port)/\(database)"
    }

    /// Parses `text`; `environment` supplies the defaults libpq takes (`PGUSER`, else `USER`).
    public init(parsing text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Self.isPostgreSQL(text) else {
            throw PostgreSQLLocationError(text, "it does not start with postgresql://")
        }
        guard let components = URLComponents(string: text) else {
            throw PostgreSQLLocationError(text, "it is not a valid URL")
        }
        if components.password != nil {
            throw PostgreSQLLocationError(text, "it holds a password: put it in PGPASSWORD or ~/.pgpass instead")
        }
        var host = components.percentEncodedHost.map { $0.removingPercentEncoding ?? $0 } ?? ""
        var mode = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let parsed = TLSMode(rawValue: value) else {
                    throw PostgreSQLLocationError(
                        text, "sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                mode = parsed
            case "host":
                host = item.value ?? ""
            case let name where name.lowercased().hasSuffix("password"):
                throw PostgreSQLLocationError(
                    text, "it holds a password (\(name)=): put it in PGPASSWORD or ~/.pgpass instead")
            default:
                throw PostgreSQLLocationError(
                    text, "unknown parameter \(item.name) (only sslmode and host are understood)")
            }
        }
        guard !host.isEmpty else { throw PostgreSQLLocationError(text, "it names no host") }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty, !path.contains("/") else {
            throw PostgreSQLLocationError(text, "it names no database (…/dbname)")
        }
        let user = components.user ?? environment["PGUSER"] ?? environment["USER"] ?? ""
        guard !user.isEmpty else { throw PostgreSQLLocationError(text, "it names no user (postgresql://user@host/…)") }
        if let port = components.port, !(1...65535).contains(port) {
            throw PostgreSQLLocationError(text, "the port must be between 1 and 65535")
        }
        self.init(user: user, host: host, port: components.port ?? 5432, database: path, tlsMode: mode)
    }

    /// The password for this location: `PGPASSWORD`, else the first matching line of the password
    /// file (`PGPASSFILE`, else `~/.pgpass`), else none.
    public func password(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let password = environment["PGPASSWORD"] { return password }
        let path = environment["PGPASSFILE"] ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass")
        return PasswordFile(path: path).password(for: self)
    }
}

/// A `postgresql://` location that cannot be used, and why.
public struct PostgreSQLLocationError: Error, Equatable, CustomStringConvertible {
    /// The location as it was written (password included, if it held one: see ``description``).
    public var location: String
    /// What is wrong with it and how to fix it.
    public var reason: String

    init(_ location: String, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `malformed database location …: reason`, the location cut at 120 characters and its password
    /// masked.
    public var description: String {
        // The text may come from a stranger's script: show a bounded excerpt, its password masked.
        let redacted = SecretRedaction.redacted(location)
        let shown = redacted.count > 120 ? String(redacted.prefix(120)) + "…" : redacted
        return "malformed database location \(shown): \(reason)"
    }
}
