import PostgreSQLAddress
import XCTest

/// Reading a `postgresql://` location, which every build does (an SQLite-only build too: it tells a
/// server's location from a file's, and says it has no client for it).
final class PostgreSQLLocationTests: XCTestCase {
    func testMalformedLocationsAreRefusedBeforeAnyConnection() {
        for bad in [
            "postgresql://", "postgresql://me@/db", "postgresql://me@host", "postgresql://me@host/db?sslmode=sometimes",
            "postgresql://me:secret@host/db", "postgresql://me@host:99999/db", "postgresql://me@host/db?color=red",
        ] {
            XCTAssertThrowsError(try PostgreSQLLocation(parsing: bad, environment: ["USER": "me"]), bad) { error in
                XCTAssertTrue(error is PostgreSQLLocationError, "\(bad): \(error)")
                XCTAssertTrue("\(error)".hasPrefix("malformed database location"), "\(error)")
            }
        }
        XCTAssertThrowsError(try PostgreSQLLocation(parsing: "postgresql://me:hunter2@host/db")) { error in
            XCTAssertTrue("\(error)".contains("PGPASSWORD"), "a password on the command line is refused: \(error)")
        }
    }

    func testLocationsParseUserHostPortDatabaseAndTLSMode() throws {
        let location = try PostgreSQLLocation(parsing: "postgresql://ann@db.example:6543/journal?sslmode=require")
        XCTAssertEqual(
            location,
            PostgreSQLLocation(user: "ann", host: "db.example", port: 6543, database: "journal", tlsMode: .require))
        let socket = try PostgreSQLLocation(parsing: "postgresql://ann@%2Fvar%2Frun%2Fpostgresql/journal")
        XCTAssertEqual(socket.unixSocketPath, "/var/run/postgresql/.s.PGSQL.5432")
        XCTAssertEqual(try PostgreSQLLocation(parsing: "postgres://h/j", environment: ["USER": "bob"]).user, "bob")
    }

    func testABuildWithoutTheClientSaysSoInOneLineWithoutThePassword() throws {
        let location = try PostgreSQLLocation(parsing: "postgresql://ann@db.example:6543/journal?sslmode=require")
        let message = "\(NoPostgreSQLClientError(location: location))"
        XCTAssertEqual(
            message,
            "this build of entries has no PostgreSQL client, so it cannot open postgresql://ann@db.example:6543/journal: "
                + "rebuild it with the PostgreSQL trait (on by default: `make install`)")
        XCTAssertFalse(message.contains("\n"))
    }
}
