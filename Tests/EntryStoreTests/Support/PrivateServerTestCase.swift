import EntryModel
import Foundation
import PostgreSQLTesting
import XCTest

#if PostgreSQL
import PostgreSQLStore

/// A test case on the tests' private PostgreSQL server (skipped where PostgreSQL is not installed,
/// except under CI): each test makes the databases it needs with ``makeDatabase()``.
class PrivateServerTestCase: XCTestCase {
    private(set) var server: PrivatePostgreSQLServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard TestPostgreSQL.isAvailable() else { throw XCTSkip("PostgreSQL is not installed") }
        server = try TestPostgreSQL.server()
    }

    /// A new database, opened; its URL, and its name for psql (`server.sql(_:database:)`).
    func makeDatabase() throws -> (PostgreSQLDatabase, url: String, name: String) {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!.split(separator: "?").first!)
        return (try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil), url, name)
    }
}
#endif
