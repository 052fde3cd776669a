import AppFactory
import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// The one path by which the app and the commands open a journal (`StoreFactory(StoreRequest)`):
/// reading, writing and browsing create, seed, refuse and upgrade as each needs.
final class StoreRequestTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "store-request-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.removeItem(at: folder)
        }
        super.tearDown()
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func request(_ path: String, _ access: StoreRequest.Access, seeds: Bool = false) -> StoreRequest {
        StoreRequest(location: path, access: access, environment: [:], seedsSampleEntries: seeds)
    }

    func testReadingAMissingFileIsRefusedAndCreatesNothing() {
        let missing = path("missing.sqlite")
        XCTAssertThrowsError(try StoreFactory(request(missing, .reading))) { error in
            XCTAssertEqual(error as? StoreRequestError, .noDatabase(path: missing))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func testReadingTheFirstRunJournalCreatesItWithTheSamples() throws {
        let first = path("first.sqlite")
        let store = try StoreFactory(request(first, .reading, seeds: true))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first))
        XCTAssertGreaterThan(try store.entries.count(filter: EntryFilter()), 0)
        store.close()
    }

    func testWritingCreatesAnEmptyJournalUnlessItIsTheFirstRunOne() throws {
        let store = try StoreFactory(request(path("new.sqlite"), .writing))
        XCTAssertEqual(try store.entries.count(filter: EntryFilter()), 0)
        XCTAssertFalse(store.isEncrypted)
        store.close()
    }

    func testReadingOpensReadOnlyAndWritingRefusesAFileThatCannotBeWritten() throws {
        let file = path("journal.sqlite")
        let made = try EntryDatabase(path: file)
        try made.entries.insert(contentsOf: [EntryDraft(title: "Kept", body: "b")], progress: nil)
        try made.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        guard !FileManager.default.isWritableFile(atPath: file) else {
            throw XCTSkip("this user writes read-only files (root)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))

        let reading = try StoreFactory(request(file, .reading))
        XCTAssertEqual(try reading.entries.page(PageRequest(order: .newest)).map(\.title), ["Kept"])
        reading.close()
        XCTAssertThrowsError(try StoreFactory(request(file, .writing))) { error in
            XCTAssertEqual(error as? EntryStoreError, .readOnly(path: file))
        }
        let browsing = try StoreFactory(request(file, .browsing))
        XCTAssertEqual(browsing.database?.isReadOnly, true, "browsing falls back to read-only")
        browsing.close()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: file)), before)
    }
}
