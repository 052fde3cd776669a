import EntryModel
import SQLiteStore
import Foundation
import XCTest

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
enum RepositoryUnderTest: CaseIterable {
    case sqlite
    case inMemory

    /// A fresh, empty repository of this kind.
    func makeEntries() throws -> any EntryRepository {
        switch self {
        case .sqlite: return try EntryDatabase.inMemory().entries
        case .inMemory: return InMemoryEntryRepository()
        }
    }

    func makeSettings() throws -> any SettingsRepository {
        switch self {
        case .sqlite: return try EntryDatabase.inMemory().settings
        case .inMemory: return InMemorySettingsRepository()
        }
    }
}

extension XCTestCase {
    /// Runs `body` once per repository implementation, on a fresh repository each time; an error
    /// thrown by `body` fails the test with the implementation's name.
    func forEachRepository(
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (RepositoryUnderTest, any EntryRepository) throws -> Void
    ) {
        for kind in RepositoryUnderTest.allCases {
            do {
                try body(kind, try kind.makeEntries())
            } catch {
                XCTFail("\(kind): \(error)", file: file, line: line)
            }
        }
    }
}
