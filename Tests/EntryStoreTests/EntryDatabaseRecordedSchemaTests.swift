import Foundation
import XCTest

@testable import SQLiteStore

/// The schema the build carries (``RecordedSchema``, used at every open in place of running the
/// migrations) is exactly what the migrations make. `make schema` records it again: it runs this
/// test with `ENTRIES_RECORD_SCHEMA` naming the file to write.
final class EntryDatabaseRecordedSchemaTests: XCTestCase {
    func testTheRecordedSchemaIsWhatTheMigrationsMake() throws {
        let made = try ExpectedSchema(migrator: EntrySchema.migrator)
        let sqlite = RecordedSchema.linkedSQLite()
        if let path = ProcessInfo.processInfo.environment["ENTRIES_RECORD_SCHEMA"], !path.isEmpty {
            try RecordedSchema.source(of: made, sqlite: sqlite).write(toFile: path, atomically: true, encoding: .utf8)
            print(
                "recorded the schema of \(made.migrationIdentifiers.count) migrations in \(path): build again to use it"
            )
            return
        }
        guard let recorded = RecordedSchema.schema(forSQLite: sqlite) else {
            throw XCTSkip(
                "the schema was recorded with another SQLite (\(RecordedSchemaData.sqlite)); with this one (\(sqlite)) every start runs the migrations, as before"
            )
        }
        XCTAssertEqual(
            recorded.migrationIdentifiers, made.migrationIdentifiers, "the migrations changed: run `make schema`")
        XCTAssertEqual(
            recorded.afterMigrations.count, made.afterMigrations.count, "the migrations changed: run `make schema`")
        for (step, (recordedObjects, madeObjects)) in zip(recorded.afterMigrations, made.afterMigrations).enumerated() {
            XCTAssertEqual(
                recordedObjects, madeObjects, "after \(step) migrations: the migrations changed: run `make schema`")
        }
        XCTAssertEqual(try ExpectedSchema.current(), made, "opening uses the recorded schema")
    }

    func testAnotherSQLiteRunsTheMigrationsInstead() throws {
        XCTAssertNil(RecordedSchema.schema(forSQLite: "3.0.0 another library"))
        XCTAssertNil(RecordedSchema.schema(forSQLite: ""))
    }

    func testTheRecordingKeepsTextsExactly() throws {
        // Quotes, backslashes, newlines, tabs and non-ASCII survive the Swift literal the recording writes.
        let tricky = ExpectedSchema(
            migrationIdentifiers: ["v\"1\\"],
            afterMigrations: [
                [
                    SchemaObject(
                        type: "table", name: "t\u{e9}", tableName: "t",
                        sql: "CREATE TABLE \"t\"(\n\ta TEXT DEFAULT '\\\\')")
                ]
            ])
        let source = RecordedSchema.source(of: tricky, sqlite: "x")
        XCTAssertTrue(source.contains(#""CREATE TABLE \"t\"(\n\ta TEXT DEFAULT \'\\\\\')""#), source)
        XCTAssertTrue(source.contains(#"["v\"1\\"]"#), source)
    }
}
