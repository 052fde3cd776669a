import EntryModel
import PostgreSQLTesting
import SQLiteStore
import Foundation
import XCTest

#if PostgreSQL
import PostgreSQLStore
#endif

/// A test case with a fresh temporary folder per test, removed afterwards, and helpers to open
/// databases in it and look at files byte by byte.
class TemporaryDatabaseTestCase: XCTestCase {
    /// A new, empty folder for this test only.
    private(set) var folder = ""

    /// `folder/entries.sqlite` (not created until a database is opened there).
    var databasePath: String { folder + "/entries.sqlite" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "EntryStoreTests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // Give back write permission first, in case a test made something read-only.
        if let names = try? FileManager.default.subpathsOfDirectory(atPath: folder) {
            for name in names { chmod(folder + "/" + name, 0o755) }
        }
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    /// Opens (creating when needed) the database at `path` (default: ``databasePath``).
    func openDatabase(
        at path: String? = nil, configure: (inout EntryDatabase.Configuration) -> Void = { _ in }
    ) throws -> EntryDatabase {
        var configuration = EntryDatabase.Configuration()
        configure(&configuration)
        return try EntryDatabase(path: path ?? databasePath, configuration: configuration)
    }

    /// The bytes of a file (empty when missing).
    func bytes(of path: String) -> Data {
        FileManager.default.contents(atPath: path) ?? Data()
    }

    /// Whether a file exists.
    func fileExists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Asserts that `body` throws exactly `expected`.
    func assertThrows<T>(
        _ expected: EntryStoreError, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> T
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual(error as? EntryStoreError, expected, "\(error)", file: file, line: line)
        }
    }

    /// True when the tests run as root, for whom file permissions do not stop writes.
    var isRoot: Bool { geteuid() == 0 }
}

/// The repositories under test: every shared repository test runs against each of them.
/// PostgreSQL runs when a private server can be started (``TestPostgreSQL``), in a build with the
/// PostgreSQL client.
enum RepositoryUnderTest: CaseIterable {
    case sqlite
    /// An encrypted journal in a file (every page through the cipher's VFS).
    case encryptedSQLite
    case inMemory
    #if PostgreSQL
    case postgreSQL
    #endif

    /// A fresh, empty repository of this kind.
    func makeEntries() throws -> any EntryRepository {
        switch self {
        case .sqlite: return try EntryDatabase.inMemory().entries
        case .encryptedSQLite: return try EncryptedTestJournal.make().entries
        case .inMemory: return InMemoryEntryRepository()
        #if PostgreSQL
        case .postgreSQL: return try TestPostgreSQL.makeDatabase().entries
        #endif
        }
    }

    func makeSettings() throws -> any SettingsRepository {
        switch self {
        case .sqlite: return try EntryDatabase.inMemory().settings
        case .encryptedSQLite: return try EncryptedTestJournal.make().settings
        case .inMemory: return InMemorySettingsRepository()
        #if PostgreSQL
        case .postgreSQL: return try TestPostgreSQL.makeDatabase().settings
        #endif
        }
    }

    /// The kinds to run now: PostgreSQL only when its server is there (see ``TestPostgreSQL/isAvailable(file:line:)``).
    static func available(file: StaticString = #filePath, line: UInt = #line) -> [RepositoryUnderTest] {
        #if PostgreSQL
        allCases.filter { $0 != .postgreSQL || TestPostgreSQL.isAvailable(file: file, line: line) }
        #else
        allCases
        #endif
    }
}

#if PostgreSQL
/// The private PostgreSQL server of this test process (``PrivatePostgreSQLServer``), and fresh
/// databases on it. Without PostgreSQL installed, its tests are skipped with a message — except in
/// CI (`CI=true`), where they fail: CI installs it (scripts/install-deps.sh).
enum TestPostgreSQL {
    static func server() throws -> PrivatePostgreSQLServer {
        try PrivatePostgreSQLServer.shared()
    }

    /// A new, empty database on the private server, opened (migrated).
    static func makeDatabase() throws -> PostgreSQLDatabase {
        let url = try server().makeDatabase()
        return try PostgreSQLDatabase(location: PostgreSQLLocation(parsing: url), password: nil)
    }

    private nonisolated(unsafe) static var toldSkipping = false

    /// True when the server runs; otherwise says why once (skip), or fails the test in CI.
    static func isAvailable(file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            _ = try server()
            return true
        } catch {
            if PrivatePostgreSQLServer.isRequired {
                XCTFail(
                    "PostgreSQL is required in CI (CI=true) and could not be started: \(error)", file: file, line: line)
            } else if !toldSkipping {
                toldSkipping = true
                print("note: skipping the PostgreSQL runs of the repository tests: \(error)")
            }
            return false
        }
    }
}
#endif

extension XCTestCase {
    /// Runs `body` once per repository implementation, on a fresh repository each time; an error
    /// thrown by `body` fails the test with the implementation's name.
    func forEachRepository(
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (RepositoryUnderTest, any EntryRepository) throws -> Void
    ) {
        for kind in RepositoryUnderTest.available(file: file, line: line) {
            do {
                try body(kind, try kind.makeEntries())
            } catch {
                XCTFail("\(kind): \(error)", file: file, line: line)
            }
        }
    }
}
