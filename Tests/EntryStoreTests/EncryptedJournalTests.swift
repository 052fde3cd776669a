import EntryModel
import Foundation
import GRDB
@testable import SQLiteStore
import XCTest

/// Encrypted journals as files: created, unlocked, refused, and what their files hold.
final class EncryptedJournalTests: TemporaryDatabaseTestCase {
    private let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))

    private func create(at path: String? = nil) throws -> EntryDatabase.CreatedEncrypted {
        try EntryDatabase.createEncrypted(path: path ?? databasePath, passphrase: passphrase, cost: .fastest)
    }

    private func open(
        at path: String? = nil, with passphrase: Passphrase? = nil, readOnly: Bool = false
    ) throws -> EntryDatabase {
        let path = path ?? databasePath
        let key = try JournalKey.unlock(path: path, passphrase: passphrase ?? self.passphrase)
        return try openDatabase(at: path) {
            $0.encryptionKey = key
            $0.readOnly = readOnly
        }
    }

    /// Every file in the test's folder, with its bytes.
    private func filesWritten() -> [(name: String, bytes: Data)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { ($0, bytes(of: folder + "/" + $0)) }
    }

    private func assertNoFileContains(_ words: [String], file: StaticString = #filePath, line: UInt = #line) {
        let files = filesWritten()
        XCTAssertFalse(files.isEmpty, file: file, line: line)
        for (name, bytes) in files {
            for word in words {
                for encoded in [
                    Data(word.utf8), Data(word.lowercased().utf8),
                    Data(word.utf16.flatMap { [UInt8($0 & 0xff), UInt8($0 >> 8)] }),
                ] {
                    XCTAssertNil(bytes.range(of: encoded), "\(name) holds \(word)", file: file, line: line)
                }
            }
        }
    }

    func testAnEncryptedJournalOpensAgainWithItsPassphraseAndKeepsEverything() throws {
        let created = try create()
        XCTAssertTrue(created.database.wasCreated)
        XCTAssertTrue(created.database.isEncrypted)
        let entry = try created.database.entries.insert(
            EntryDraft(title: "Quinoa", body: "a walk by the harbour", tags: ["trip"]))
        try created.database.settings.setValue("dark", forKey: "theme")
        try created.database.close()
        XCTAssertTrue(JournalKey.isEncrypted(path: databasePath))
        XCTAssertEqual(Array(bytes(of: databasePath).prefix(16)), Array("EntriesEncrypted".utf8))

        let reopened = try open()
        XCTAssertFalse(reopened.wasCreated)
        XCTAssertEqual(try reopened.entries.entry(id: entry.id)?.body, "a walk by the harbour")
        XCTAssertEqual(try reopened.entries.search("harbour", limit: 5).map(\.id), [entry.id])
        XCTAssertEqual(try reopened.settings.value(forKey: "theme"), "dark")
        let readOnly = try open(readOnly: true)
        XCTAssertTrue(readOnly.isReadOnly)
        XCTAssertEqual(try readOnly.entries.count(filter: EntryFilter()), 1)
    }

    func testAWrongPassphraseIsRefusedAndTheFilesStayByteForByte() throws {
        let created = try create()
        _ = try created.database.entries.insert(EntryDraft(title: "kept"))
        try created.database.close()
        let before = filesWritten()
        XCTAssertThrowsError(try open(with: Passphrase(bytes: Array("wrong".utf8)))) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .wrongPassphrase(path: databasePath))
            XCTAssertEqual("\(error)", "\(databasePath): wrong passphrase (nothing was changed)")
            XCTAssertFalse("\(error)".contains("wrong\""))
        }
        XCTAssertEqual(filesWritten().map(\.name), before.map(\.name))
        XCTAssertEqual(filesWritten().map(\.bytes), before.map(\.bytes))
    }

    func testTheRecoveryKeyOpensTheJournalAndANewPassphraseReplacesTheOld() throws {
        let created = try create()
        _ = try created.database.entries.insert(EntryDraft(title: "kept"))
        try created.database.close()
        let printed = created.recoveryKey.description
        XCTAssertEqual(printed.count, 64 + 7)
        let parsed = try XCTUnwrap(RecoveryKey(parsing: printed.uppercased().replacingOccurrences(of: "-", with: " ")))
        let key = try JournalKey.unlock(path: databasePath, recoveryKey: parsed)
        let pagesBefore = Array(bytes(of: databasePath).dropFirst(512))

        let newPassphrase = Passphrase(bytes: Array("a new one".utf8))
        try key.changePassphrase(path: databasePath, to: newPassphrase, cost: .fastest)
        XCTAssertEqual(
            Array(bytes(of: databasePath).dropFirst(512)), pagesBefore, "only the header's first sector changes")
        XCTAssertThrowsError(try JournalKey.unlock(path: databasePath, passphrase: passphrase)) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .wrongPassphrase(path: databasePath))
        }
        XCTAssertEqual(try open(with: newPassphrase).entries.count(filter: EntryFilter()), 1)
        XCTAssertNoThrow(
            try JournalKey.unlock(path: databasePath, recoveryKey: parsed), "the recovery key still opens it")
        var wrong = parsed.description
        wrong.replaceSubrange(wrong.startIndex...wrong.startIndex, with: wrong.first == "0" ? "1" : "0")
        XCTAssertThrowsError(
            try JournalKey.unlock(path: databasePath, recoveryKey: XCTUnwrap(RecoveryKey(parsing: wrong))))
    }

    func testAnEncryptedJournalWithoutItsKeyAndAPlainOneWithAKeyAreRefused() throws {
        try create().database.close()
        XCTAssertThrowsError(try openDatabase()) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .locked(path: databasePath))
        }
        let plainPath = folder + "/plain.sqlite"
        try openDatabase(at: plainPath).close()
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        let before = bytes(of: plainPath)
        XCTAssertThrowsError(try openDatabase(at: plainPath) { $0.encryptionKey = key }) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .notEncrypted(path: plainPath))
        }
        XCTAssertThrowsError(try JournalKey.unlock(path: plainPath, passphrase: passphrase)) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .notEncrypted(path: plainPath))
        }
        XCTAssertEqual(bytes(of: plainPath), before)
    }

    /// A session's words (added, edited, searched, in the WAL, checkpointed) are in no file it wrote.
    func testNoFileTheJournalWritesHoldsItsWords() throws {
        let words = ["Zanzibarian", "quokkafeather", "tagmarmalade", "Vellichorus"]
        let created = try create()
        let entries = created.database.entries
        var ids: [Int64] = []
        for index in 0..<300 {
            ids.append(
                try entries.insert(
                    EntryDraft(
                        title: "\(words[0]) \(index)", body: "\(words[1]) and more \(index)", tags: [words[2]])
                ).id)
        }
        try entries.insert(
            contentsOf: (0..<2_000).map { EntryDraft(title: "bulk \($0)", body: "\(words[1]) bulk \($0)") },
            progress: nil)
        var first = try XCTUnwrap(try entries.entry(id: ids[0]))
        first.body = "\(words[3]) edited"
        try entries.update(first)
        XCTAssertEqual(try entries.search(words[3], limit: 5).map(\.id), [first.id])
        XCTAssertEqual(try entries.search(words[1], limit: 5).count, 5)
        XCTAssertTrue(fileExists(databasePath + "-wal"), "the WAL is in use")
        assertNoFileContains(words)
        try created.database.close()
        assertNoFileContains(words)
        // Reopened, read and checkpointed: still nothing.
        let reopened = try open()
        XCTAssertEqual(try reopened.entries.search(words[0], limit: 500).count, 300)
        try reopened.close()
        assertNoFileContains(words)
    }

    func testAPageChangedByOneBitIsRefusedWithOneLine() throws {
        let created = try create()
        try created.database.entries.insert(
            contentsOf: (0..<3_000).map { EntryDraft(title: "entry \($0)", body: "body \($0)") }, progress: nil)
        try created.database.close()
        var file = bytes(of: databasePath)
        let pages = (file.count - 4096) / 4096
        XCTAssertGreaterThan(pages, 20)
        for page in [1, 2, pages / 2, pages] {
            var damaged = file
            damaged[4096 + (page - 1) * 4096 + 777] ^= 0x04
            XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: damaged))
            assertRefused("page \(page) changed")
        }
        file[100] ^= 1  // the header's KDF salt: the passphrase no longer unwraps the key
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: file))
        XCTAssertThrowsError(try open()) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .wrongPassphrase(path: databasePath))
        }
    }

    /// Opening and reading everything fails with an error whose message is one line, and never crashes.
    private func assertRefused(_ what: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let database = try open()
            _ = try database.entries.page(PageRequest(order: .newest, limit: 10_000))
            _ = try database.entries.search("body", limit: 10_000)
            try checkIntegrity()
            XCTFail("\(what): read without an error", file: file, line: line)
        } catch {
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), "\(what): \(message)", file: file, line: line)
            XCTAssertTrue(message.contains(databasePath), "\(what): \(message)", file: file, line: line)
        }
    }

    func testAPageFromAnotherEncryptedJournalIsRefused() throws {
        let otherPath = folder + "/other.sqlite"
        for path in [databasePath, otherPath] {
            let created = try create(at: path)
            try created.database.entries.insert(
                contentsOf: (0..<1_000).map { EntryDraft(title: "entry \($0)") }, progress: nil)
            try created.database.close()
        }
        var mine = bytes(of: databasePath)
        let theirs = bytes(of: otherPath)
        let page = 3
        let range = (4096 + (page - 1) * 4096)..<(4096 + page * 4096)
        mine.replaceSubrange(range, with: theirs[range])
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: mine))
        assertRefused("page \(page) of another journal")
        // A page of the journal's own, moved to another place in its file.
        var moved = bytes(of: otherPath)
        let source = (4096 + 4 * 4096)..<(4096 + 5 * 4096)
        moved.replaceSubrange(range, with: moved[source])
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: moved))
        assertRefused("page 5 moved to page \(page)")
    }

    /// `PRAGMA integrity_check` through the cipher; throws when it reports anything but "ok".
    private func checkIntegrity() throws {
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        let queue = try DatabaseQueue(path: key.databaseURI(path: databasePath))
        defer { try? queue.close() }
        let result = try translatingErrors(path: databasePath) {
            try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        }
        if result != ["ok"] {
            throw EntryStoreError.corrupt(path: databasePath, detail: result.joined(separator: "; "))
        }
    }

    func testATruncatedFileIsRefused() throws {
        let created = try create()
        try created.database.entries.insert(
            contentsOf: (0..<2_000).map { EntryDraft(title: "entry \($0)", body: "body \($0)") }, progress: nil)
        try created.database.close()
        let file = bytes(of: databasePath)
        for length in [file.count - 4096, file.count - 1000, file.count / 2, 4096 + 50] {
            XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: file.prefix(length)))
            assertRefused("cut to \(length) bytes")
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: file.prefix(2000)))
        XCTAssertThrowsError(try open()) { error in
            XCTAssertEqual(error as? JournalEncryptionError, .damagedHeader(path: databasePath))
        }
    }

    /// A stranger's header asking for an Argon2id that would allocate gigabytes or run for minutes
    /// (passes, memory, or both together beyond CipherHeader.c's bounds) is refused before any
    /// derivation, at once, the file untouched; the standard cost of new journals is within them.
    func testAHeaderAskingForACostlyKeyDerivationIsRefusedAtOnce() throws {
        try create().database.close()
        let original = bytes(of: databasePath)
        let costs: [(passes: UInt64, memory: UInt64)] = [
            (17, 8_192), (32, 4 << 30), (1, (1 << 30) + 1_024), (4, 1 << 30), (16, 256 << 20),
        ]
        for cost in costs {
            var header = original
            for index in 0..<8 {
                header[48 + index] = UInt8(truncatingIfNeeded: cost.passes >> (56 - 8 * UInt64(index)))
                header[56 + index] = UInt8(truncatingIfNeeded: cost.memory >> (56 - 8 * UInt64(index)))
            }
            XCTAssertTrue(FileManager.default.createFile(atPath: databasePath, contents: Data(header)))
            let start = Date()
            XCTAssertThrowsError(try JournalKey.unlock(path: databasePath, passphrase: passphrase)) { error in
                XCTAssertEqual(error as? JournalEncryptionError, .damagedHeader(path: databasePath), "\(cost)")
            }
            XCTAssertLessThan(Date().timeIntervalSince(start), 1, "\(cost)")
            XCTAssertEqual(bytes(of: databasePath), header, "\(cost)")
        }
        // The standard cost (about half a second) makes a journal that opens: within the bounds.
        let standardPath = folder + "/standard.sqlite"
        try EntryDatabase.createEncrypted(path: standardPath, passphrase: passphrase).database.close()
        XCTAssertNoThrow(try open(at: standardPath).close())
    }

    /// A crash with committed transactions only in the WAL (the files copied while the journal is
    /// open, no `-shm`): the copy's open recovers the WAL, checking each frame's SQLite checksum over
    /// the opened page, and holds every committed entry.
    func testCommittedTransactionsInTheWALSurviveACrash() throws {
        let created = try create()
        for index in 0..<50 {
            _ = try created.database.entries.insert(EntryDraft(title: "entry \(index)", body: "words \(index)"))
        }
        var first = try XCTUnwrap(try created.database.entries.entry(id: 1))
        first.body = "changed after the others"
        try created.database.entries.update(first)
        let copy = folder + "/crashed.sqlite"
        XCTAssertGreaterThan(bytes(of: databasePath + "-wal").count, 32, "the commits are in the WAL")
        XCTAssertTrue(FileManager.default.createFile(atPath: copy, contents: bytes(of: databasePath)))
        XCTAssertTrue(FileManager.default.createFile(atPath: copy + "-wal", contents: bytes(of: databasePath + "-wal")))
        let key = try JournalKey.unlock(path: copy, passphrase: passphrase)
        let recovered = try openDatabase(at: copy) { $0.encryptionKey = key }
        XCTAssertEqual(try recovered.entries.count(filter: EntryFilter()), 50)
        XCTAssertEqual(try recovered.entries.entry(id: 1)?.body, "changed after the others")
        try recovered.close()
    }

    /// The process keeps the pages it has opened, for every connection using the key: a page that a
    /// later write rewrote in the file (checkpointed, so with a new nonce) is read as it is now, not
    /// as it was kept.
    func testAPageRewrittenInTheFileIsReadAsItIsNowNotAsTheProcessKeptIt() throws {
        let created = try create()
        let entry = try created.database.entries.insert(EntryDraft(title: "before", body: "the first words"))
        try created.database.close()  // the last connection: checkpointed into the file
        let key = try JournalKey.unlock(path: databasePath, passphrase: passphrase)
        let reader = try openDatabase(at: databasePath) {
            $0.encryptionKey = key; $0.readOnly = true
        }
        XCTAssertEqual(try reader.entries.entry(id: entry.id)?.title, "before")
        try reader.close()
        let writer = try openDatabase(at: databasePath) { $0.encryptionKey = key }
        var changed = try XCTUnwrap(try writer.entries.entry(id: entry.id))
        changed.title = "after"
        changed.body = "the second words"
        try writer.entries.update(changed)
        try writer.close()  // checkpointed: the entry's pages rewritten in the file
        XCTAssertEqual(bytes(of: databasePath + "-wal").count, 0, "nothing left in the WAL")
        let again = try openDatabase(at: databasePath) {
            $0.encryptionKey = key; $0.readOnly = true
        }
        XCTAssertEqual(try again.entries.entry(id: entry.id)?.title, "after")
        XCTAssertEqual(try again.entries.entry(id: entry.id)?.body, "the second words")
        XCTAssertEqual(try again.entries.search("second", limit: 5).map(\.id), [entry.id])
        XCTAssertEqual(try again.entries.search("first", limit: 5).map(\.id), [])
        try again.close()
    }

    /// Another journal's WAL put beside this one (copied, or moved with the wrong journal) is
    /// refused with one line before anything is written: SQLite would replay it, the cipher would end
    /// the log at its first frame, and the journal would open as if the WAL were not there.
    func testAWALFromAnotherJournalIsRefusedAndNothingChanges() throws {
        let otherPath = folder + "/other.sqlite"
        let mine = try create()
        _ = try mine.database.entries.insert(EntryDraft(title: "mine"))
        try mine.database.close()
        let other = try create(at: otherPath)
        _ = try other.database.entries.insert(EntryDraft(title: "theirs"))
        // Copy their WAL while it is in use (before the close checkpoints it).
        let theirWAL = bytes(of: otherPath + "-wal")
        XCTAssertGreaterThan(theirWAL.count, 32)
        try other.database.close()
        XCTAssertTrue(FileManager.default.createFile(atPath: databasePath + "-wal", contents: theirWAL))
        let before = filesWritten()
        for readOnly in [false, true] {
            XCTAssertThrowsError(try open(readOnly: readOnly)) { error in
                XCTAssertEqual(error as? JournalEncryptionError, .foreignWAL(path: databasePath))
                XCTAssertEqual(
                    "\(error)",
                    "\(databasePath)-wal belongs to another journal, not to \(databasePath): move it away and open the journal again (nothing was changed)"
                )
            }
            XCTAssertEqual(filesWritten().map(\.name), before.map(\.name), "no file made or removed")
            for ((name, now), (_, then)) in zip(filesWritten(), before) {
                XCTAssertEqual(now, then, "\(name) unchanged")
            }
        }
        // Moved away, the journal opens as its file holds it.
        XCTAssertEqual(unlink(databasePath + "-wal"), 0)
        let reopened = try open()
        XCTAssertEqual(try reopened.entries.page(PageRequest(order: .newest)).map(\.title), ["mine"])
        try reopened.close()
        try checkIntegrity()
    }

    /// The journal's own WAL, with its last frame torn (the page not written when the process was
    /// killed: it holds an older page of the same journal), is not taken for another journal's: the
    /// open recovers the frames before it.
    func testItsOwnWALWithATornFrameStillOpens() throws {
        let created = try create()
        _ = try created.database.entries.insert(EntryDraft(title: "kept"))
        let copy = folder + "/crashed.sqlite"
        var wal = [UInt8](bytes(of: databasePath + "-wal"))
        let frameSize = 24 + 4096
        XCTAssertGreaterThanOrEqual(wal.count, 32 + 2 * frameSize)
        // The first frame's page replaced by the second frame's (sealed for another page number).
        wal.replaceSubrange((32 + 24)..<(32 + frameSize), with: wal[(32 + frameSize + 24)..<(32 + 2 * frameSize)])
        XCTAssertTrue(FileManager.default.createFile(atPath: copy, contents: bytes(of: databasePath)))
        XCTAssertTrue(FileManager.default.createFile(atPath: copy + "-wal", contents: Data(wal)))
        try created.database.close()
        let key = try JournalKey.unlock(path: copy, passphrase: passphrase)
        let recovered = try openDatabase(at: copy) { $0.encryptionKey = key }
        XCTAssertEqual(try recovered.entries.count(filter: EntryFilter()), 0, "the log ends at the torn frame")
        try recovered.close()
    }
}
