import EntryModel
import Foundation
import GRDB
@testable import SQLiteStore
import XCTest

/// The two page formats of encrypted journals: new journals seal pages with AES-256-GCM (format 2);
/// a journal of format 1 (XChaCha20-Poly1305 pages, a fixture written before format 2 existed)
/// still opens, and keeps being written in its own format.
final class EncryptedJournalFormatTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))
    private let fixturePassphrase = Passphrase(bytes: Array("fixture passphrase".utf8))

    private func open(_ passphrase: Passphrase) throws -> EntryDatabase {
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        return try openDatabase { $0.encryptionKey = key }
    }

    /// The header's format version (bytes 16–19, big-endian).
    private func formatVersion() -> UInt32 {
        bytes(of: databasePath)[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A copy of the format-1 fixture at ``databasePath``.
    private func copyFormat1Fixture() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/encrypted-journal-format-1.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: databasePath)
    }

    /// Opening and reading everything fails with an error of one line naming the file, never a crash
    /// (`quick_check` reads every page: it reports a page that does not open as a problem).
    private func assertRefused(
        _ what: String, with passphrase: Passphrase, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let database = try open(passphrase)
            _ = try database.entries.page(PageRequest(order: .newest, limit: 10_000))
            _ = try database.entries.search("body", limit: 10_000)
            let check = try database.entries.writer.read { try String.fetchAll($0, sql: "PRAGMA quick_check") }
            XCTAssertNotEqual(check, ["ok"], "\(what): every page read without an error", file: file, line: line)
        } catch {
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), "\(what): \(message)", file: file, line: line)
            XCTAssertTrue(message.contains(databasePath), "\(what): \(message)", file: file, line: line)
        }
    }

    func testANewJournalIsOfFormat2AndEveryPageCarriesItsMarkA96BitNonceAndZeros() throws {
        let created = try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest)
        try created.database.entries.insert(
            contentsOf: (0..<2_000).map { EntryDraft(title: "entry \($0)", body: "body \($0)") }, progress: nil)
        try created.database.close()
        XCTAssertEqual(formatVersion(), 2)
        let file = bytes(of: databasePath)
        let mark = Array(file[28..<32])  // the first bytes of the journal id
        let pages = (file.count - 4096) / 4096
        XCTAssertGreaterThan(pages, 20)
        var nonces = Set<[UInt8]>()
        for page in 1...pages {
            let field = Array(file[(4096 + page * 4096 - 40)..<(4096 + page * 4096 - 16)])
            XCTAssertEqual(Array(field[0..<4]), mark, "page \(page)")
            XCTAssertEqual(Array(field[16..<24]), [UInt8](repeating: 0, count: 8), "page \(page)")
            nonces.insert(Array(field[4..<16]))
        }
        XCTAssertEqual(nonces.count, pages, "every page sealed under a nonce of its own")
        let reopened = try open(passphrase)
        XCTAssertEqual(try reopened.entries.search("body", limit: 5_000).count, 2_000)
    }

    /// Format 2 authenticates every byte of a page: its mark, its nonce, the zeros after it and its tag.
    func testAChangeToAnyPartOfAFormat2PagesNonceFieldOrTagIsRefused() throws {
        let created = try EntryDatabase.createEncrypted(path: databasePath, passphrase: passphrase, cost: .fastest)
        try created.database.entries.insert(
            contentsOf: (0..<1_000).map { EntryDraft(title: "entry \($0)", body: "body \($0)") }, progress: nil)
        try created.database.close()
        let file = bytes(of: databasePath)
        let page = 3
        for (offset, part) in [(0, "mark"), (6, "nonce"), (20, "zeros"), (30, "tag")] {
            var damaged = file
            damaged[4096 + page * 4096 - 40 + offset] ^= 0x10
            XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: damaged))
            assertRefused("page \(page)'s \(part) changed", with: passphrase)
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: file))
        XCTAssertEqual(try open(passphrase).entries.count(filter: EntryFilter()), 1_000)
    }

    func testAJournalOfFormat1StillOpensAndIsWrittenInFormat1() throws {
        try copyFormat1Fixture()
        XCTAssertEqual(formatVersion(), 1)
        let journal = try open(fixturePassphrase)
        XCTAssertEqual(
            try journal.entries.page(PageRequest(order: .newest, limit: 10)).map(\.title),
            ["Baked sourdough.", "Walked to the lighthouse."])
        XCTAssertEqual(try journal.entries.search("kestrel", limit: 5).map(\.title), ["Walked to the lighthouse."])
        let added = try journal.entries.insert(
            contentsOf: (0..<500).map { EntryDraft(title: "later \($0)", body: "written by format two's code") },
            progress: nil)
        XCTAssertEqual(added, 500)
        try journal.close()
        // Still format 1: its pages, old and new, open only as XChaCha20-Poly1305 pages.
        XCTAssertEqual(formatVersion(), 1)
        let reopened = try open(fixturePassphrase)
        XCTAssertEqual(try reopened.entries.search("written", limit: 1_000).count, 500)
        XCTAssertEqual(try reopened.entries.search("kestrel", limit: 5).count, 1)
        let integrity = try reopened.entries.writer.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        XCTAssertEqual(integrity, ["ok"])
    }

    func testAFormat1JournalsWrongPassphraseChangedPageAndMovedPageAreRefused() throws {
        try copyFormat1Fixture()
        let original = bytes(of: databasePath)
        XCTAssertThrowsError(try open(Passphrase(bytes: Array("wrong".utf8)))) { error in
            XCTAssertEqual("\(error)", "\(databasePath): wrong passphrase (nothing was changed)")
        }
        XCTAssertEqual(bytes(of: databasePath), original)
        var changed = original
        changed[4096 + 2 * 4096 + 777] ^= 0x04
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: changed))
        assertRefused("page 3 changed", with: fixturePassphrase)
        var moved = original
        moved.replaceSubrange((4096 + 4096)..<(4096 + 2 * 4096), with: original[(4096 + 3 * 4096)..<(4096 + 4 * 4096)])
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: moved))
        assertRefused("page 4 moved to page 2", with: fixturePassphrase)
    }
}
