import Foundation
import XCTest

@testable import SQLiteStore

/// `DatabaseFile.folder(of:)`: the folder a database path is in, for every shape of path a user can
/// type. It stands in for `NSString.deletingLastPathComponent`, which gives the same answers where it
/// works but stops the process (SIGILL, Swift 6 on Linux) for a one-character name such as `a` or `x/`:
/// `entries --database a add …` crashed.
final class DatabaseFileFolderTests: XCTestCase {
    func testTheFolderOfEveryShapeOfPath() {
        let expected: [(path: String, folder: String)] = [
            ("/tmp/lead/m.sqlite", "/tmp/lead"), ("journal.sqlite", ""), ("notes/journal.sqlite", "notes"),
            ("./journal.sqlite", "."), ("../a/b.sqlite", "../a"), ("/journal.sqlite", "/"), ("/", "/"), ("", ""),
            ("a", ""), ("a/", ""), ("x/y", "x"), ("/a/b/", "/a"), ("//a//b.sqlite", "//a"), ("~/j.sqlite", "~"),
            ("/a/b c/ü é.sqlite", "/a/b c"), (".", ""), ("..", ""), ("dir/.hidden", "dir"),
        ]
        for (path, folder) in expected {
            XCTAssertEqual(DatabaseFile.folder(of: path), folder, "for \(path.debugDescription)")
        }
    }

    func testFoundationAgreesWhereItWorks() {
        for path in [
            "/tmp/lead/m.sqlite", "journal.sqlite", "notes/journal.sqlite", "../a/b.sqlite", "/journal.sqlite", "/a/b/",
        ] {
            XCTAssertEqual(
                DatabaseFile.folder(of: path), (path as NSString).deletingLastPathComponent,
                "for \(path.debugDescription)")
        }
    }

    func testWritableIsAskedOfTheFileSystem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folder-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertTrue(DatabaseFile.isWritable(folder))
        XCTAssertFalse(DatabaseFile.isWritable(folder + "/missing/file"))
    }
}
