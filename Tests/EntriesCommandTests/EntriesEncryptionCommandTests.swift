import EntryModel
import Foundation
import GRDB
@testable import SQLiteStore
import XCTest

/// `entries init --encrypted`, `encrypt`, `decrypt`, `passphrase`, and every command on an encrypted
/// journal, the passphrase coming from `ENTRIES_PASSPHRASE_COMMAND` (run without a shell).
final class EntriesEncryptionCommandTests: EntriesCommandTestCase {
    private let passphrase = "correct horse"

    /// The environment that gives `phrase` as the passphrase.
    private func with(_ phrase: String, new: String? = nil) -> [String: String?] {
        var extra: [String: String?] = ["ENTRIES_PASSPHRASE_COMMAND": "printf '\(phrase)'"]
        if let new { extra["ENTRIES_NEW_PASSPHRASE_COMMAND"] = "printf '\(new)'" }
        return extra
    }

    private func files() -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [String: Data] = [:]
        for name in names {
            result[name] = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
        }
        return result
    }

    private func integrity(passphrase: String? = nil) throws -> [String] {
        let location: String
        var key: JournalKey?
        if let passphrase {
            key = try JournalKey.unlock(path: databasePath, passphrase: Passphrase(bytes: Array(passphrase.utf8)))
            location = key!.databaseURI(path: databasePath)
        } else {
            location = databasePath
        }
        let queue = try DatabaseQueue(path: location)
        defer { try? queue.close() }
        return try withExtendedLifetime(key) {
            try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        }
    }

    func testAnEncryptedJournalIsMadeUsedAndSaysWhatForgettingCosts() throws {
        let made = try succeed("init", "--encrypted", environment: with(passphrase))
        XCTAssertTrue(made.contains("Forgetting the passphrase loses the journal"), made)
        let recovery = try XCTUnwrap(
            made.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.count == 71 && $0.filter { $0 == "-" }.count == 7 })
        XCTAssertNotNil(RecoveryKey(parsing: recovery))
        XCTAssertFalse(made.contains(passphrase))
        try succeed(
            "add", "--title", "Xylophonic harbour", "--body", "Quarzelwind at dusk", "--tag", "tagzephyr",
            environment: with(passphrase))
        XCTAssertTrue(
            try succeed("search", "quarzelwind", environment: with(passphrase)).contains("Xylophonic harbour"))
        XCTAssertTrue(try succeed("list", environment: with(passphrase)).contains("Xylophonic harbour"))
        for (name, bytes) in files() {
            for word in ["Xylophonic", "Quarzelwind", "quarzelwind", "tagzephyr", passphrase] {
                XCTAssertNil(bytes.range(of: Data(word.utf8)), "\(name) holds \(word)")
            }
        }
        XCTAssertEqual(try integrity(passphrase: passphrase), ["ok"])
    }

    /// A command that only reads leaves the folder as it found it, plain or encrypted: SQLite makes
    /// `-wal` and `-shm` files beside a journal for any reader, and only a close takes them away.
    func testCommandsThatOnlyReadLeaveNoFilesBesideTheJournal() throws {
        let readers: [[String]] = [
            ["list"], ["list", "--on-this-day"], ["show", "1"], ["search", "harbour"], ["read"], ["tag"], ["trash"],
            ["export", "--format", "json"], ["config"],
        ]
        for encrypted in [false, true] {
            try? FileManager.default.removeItem(atPath: databasePath)
            let environment = encrypted ? with(passphrase) : [:]
            if encrypted { try succeed("init", "--encrypted", environment: environment) }
            try succeed("add", "--title", "Harbour at dusk", "--tag", "sea", environment: environment)
            let journal = URL(fileURLWithPath: databasePath)
            try? FileManager.default.removeItem(atPath: databasePath + "-wal")
            try? FileManager.default.removeItem(atPath: databasePath + "-shm")
            let before = try Data(contentsOf: journal)
            for arguments in readers {
                let result = try EntriesBinary.run(
                    arguments, input: nil, environment: self.environment(environment), directory: directory)
                XCTAssertEqual(result.status, 0, "\(arguments): \(result.error)")
                for leftover in ["-wal", "-shm"] {
                    XCTAssertFalse(
                        FileManager.default.fileExists(atPath: databasePath + leftover),
                        "entries \(arguments.joined(separator: " ")) left \(leftover) (encrypted: \(encrypted))")
                }
            }
            XCTAssertEqual(
                try Data(contentsOf: journal), before, "reading changed the journal (encrypted: \(encrypted))")
        }
    }

    func testAWrongPassphraseIsOneLineExitOneAndTouchesNothing() throws {
        try succeed("init", "--encrypted", environment: with(passphrase))
        try succeed("add", "--title", "kept", environment: with(passphrase))
        let before = files()
        for arguments in [["list"], ["add", "--title", "lost"], ["export"], ["decrypt"], ["passphrase"]] {
            let result = try EntriesBinary.run(
                arguments, input: nil, environment: environment(with("not it", new: "other")), directory: directory)
            assertFails(result, containing: "wrong passphrase (nothing was changed)")
            XCTAssertFalse(result.error.contains("not it"))
        }
        XCTAssertEqual(files(), before)
        // A plain journal is not asked for a passphrase; one named as encrypted is refused.
        let plain = directory.appendingPathComponent("plain.sqlite").path
        try succeed("add", "--title", "plain", environment: ["ENTRIES_DATABASE": plain])
        assertFails(try entries("decrypt", environment: ["ENTRIES_DATABASE": plain]), containing: "is not encrypted")
        assertFails(try entries("encrypt", environment: with(passphrase)), containing: "is already encrypted")
    }

    /// A passphrase command that exists but cannot be started (a script without a `#!` line: no shell
    /// runs it) is named in one readable line, not as Foundation's error dump, and nothing is made.
    func testAPassphraseCommandThatCannotStartIsOneReadableLine() throws {
        let script = directory.appendingPathComponent("passphrase-script").path
        try Data("printf 'correct horse'\n".utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        let result = try entries("init", "--encrypted", environment: ["ENTRIES_PASSPHRASE_COMMAND": script])
        assertFails(result, containing: "ENTRIES_PASSPHRASE_COMMAND: \(script) could not be started")
        XCTAssertTrue(result.error.contains("#!"), result.error)
        XCTAssertFalse(result.error.contains("Domain="), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    /// A passphrase command given by its path that is not there (or cannot be run) said "no command
    /// /path on the PATH", although no PATH was searched: it says what is wrong with the path.
    func testAPassphraseCommandPathThatIsNotThereSaysSo() throws {
        let missing = directory.appendingPathComponent("no-such-program").path
        let notExecutable = directory.appendingPathComponent("not-executable").path
        try Data("#!/bin/sh\necho secret\n".utf8).write(to: URL(fileURLWithPath: notExecutable))
        chmod(notExecutable, 0o644)
        for (path, reason) in [(missing, "there is no file"), (notExecutable, "it is not executable")] {
            let result = try entries("init", "--encrypted", environment: ["ENTRIES_PASSPHRASE_COMMAND": path])
            assertFails(result, containing: "ENTRIES_PASSPHRASE_COMMAND: \(path): \(reason)")
            XCTAssertFalse(result.error.contains("on the PATH"), result.error)
        }
        let unknown = try entries("init", "--encrypted", environment: ["ENTRIES_PASSPHRASE_COMMAND": "no-such-word"])
        assertFails(unknown, containing: "ENTRIES_PASSPHRASE_COMMAND: no command no-such-word on the PATH")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }

    func testEncryptAndDecryptKeepEveryEntry() throws {
        let lines = (0..<500).map {
            #"{"title":"entry \#($0)","body":"Zephyrquill \#($0)","tags":["t\#($0 % 7)"],"createdAt":"2024-01-01T00:00:00Z"}"#
        }
        let file = try writeFile("in.jsonl", lines.joined(separator: "\n") + "\n")
        try succeed("import", file)
        let plainEntries = try allEntries()
        let encrypted = try succeed("encrypt", environment: with(passphrase))
        XCTAssertTrue(encrypted.contains("Forgetting the passphrase loses the journal"))
        XCTAssertTrue(JournalKey.isEncrypted(path: databasePath))
        XCTAssertNil(FileManager.default.contents(atPath: databasePath)?.range(of: Data("Zephyrquill".utf8)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath + ".encrypting"))
        let exported = try entries("export", environment: with(passphrase))
        XCTAssertEqual(try decodeEntries(exported.standardOutput), plainEntries)
        XCTAssertTrue(exported.error.contains("this export is not"), exported.error)
        XCTAssertEqual(try integrity(passphrase: passphrase), ["ok"])

        try succeed("passphrase", environment: with(passphrase, new: "battery staple"))
        assertFails(try entries("list", environment: with(passphrase)), containing: "wrong passphrase")
        let decrypted = try succeed("decrypt", environment: with("battery staple"))
        XCTAssertTrue(decrypted.contains("no longer encrypted"))
        XCTAssertFalse(JournalKey.isEncrypted(path: databasePath))
        XCTAssertEqual(try allEntries(), plainEntries)
        XCTAssertEqual(try integrity(), ["ok"])
    }

    /// The editor's file for an entry of an encrypted journal is in memory ($XDG_RUNTIME_DIR or
    /// /dev/shm), 0600 in a 0700 folder, and gone afterwards.
    func testTheEditorsFileOfAnEncryptedJournalIsInMemoryAndPrivate() throws {
        guard FileManager.default.fileExists(atPath: "/dev/shm") else { throw XCTSkip("no /dev/shm here") }
        try succeed("init", "--encrypted", environment: with(passphrase))
        try succeed("add", "--title", "Original", environment: with(passphrase))
        let record = directory.appendingPathComponent("editor-saw").path
        let script = try writeFile(
            "editor.sh",
            """
            #!/bin/sh
            printf '%s\\n' "$1" > '\(record)'
            stat -c '%a' "$1" "$(dirname "$1")" >> '\(record)'
            printf 'Title: Edited in memory\\n' > "$1"
            """)
        chmod(script, 0o755)
        try succeed(
            "edit", "1", environment: with(passphrase).merging(["EDITOR": script, "XDG_RUNTIME_DIR": nil]) { $1 })
        let seen = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(seen.count, 3, "\(seen)")
        XCTAssertTrue(seen[0].hasPrefix("/dev/shm/"), "the editor's file is \(seen[0])")
        XCTAssertEqual(Array(seen.dropFirst()), ["600", "700"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: seen[0]), "removed afterwards")
        let shown = try succeed("show", "1", environment: with(passphrase))
        XCTAssertTrue(shown.contains("Edited in memory"), shown)
    }

    /// `entries encrypt` killed while it copies (its new file beside the journal growing), or at
    /// other moments, leaves a journal that opens with every entry, plain or encrypted, and whole.
    func testEncryptKilledAtAnyMomentLeavesTheJournalWhole() throws {
        let count = 10_000
        let lines = (0..<count).map {
            #"{"title":"entry \#($0)","body":"body \#($0) with some more words to make pages","createdAt":"2024-01-01T00:00:00Z"}"#
        }
        try succeed("import", try writeFile("in.jsonl", lines.joined(separator: "\n") + "\n"))
        let copy = databasePath + ".encrypting"
        var killedMidCopy = 0
        for delay in [0.0, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1] {
            let process = Process()
            process.executableURL = try EntriesBinary.locate()
            process.arguments = ["encrypt"]
            process.environment = environment(with(passphrase))
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The copy has begun once its file holds more than the header.
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Date() < deadline
                && ((try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0) <= 4096
            {
                Thread.sleep(forTimeInterval: 0.0005)
            }
            Thread.sleep(forTimeInterval: delay)
            let wasCopying = process.isRunning && FileManager.default.fileExists(atPath: copy)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let isEncrypted = JournalKey.isEncrypted(path: databasePath)
            if wasCopying && !isEncrypted { killedMidCopy += 1 }
            let environment = isEncrypted ? with(passphrase) : [:]
            XCTAssertEqual(
                try integrity(passphrase: isEncrypted ? passphrase : nil), ["ok"], "killed \(delay) s into the copy")
            XCTAssertEqual(
                try succeed("list", "--limit", "50000", environment: environment).split(separator: "\n").count,
                count + 1,
                "killed \(delay) s into the copy")
            if isEncrypted { try succeed("decrypt", environment: with(passphrase)) }
        }
        XCTAssertGreaterThan(killedMidCopy, 0, "no kill landed while the encrypted copy was being made")
        // A later encrypt takes the place of a partial copy left by a kill, and completes.
        try succeed("encrypt", environment: with(passphrase))
        XCTAssertTrue(JournalKey.isEncrypted(path: databasePath))
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
    }

    /// An import into an encrypted journal killed while it writes (its commit going to the WAL, or
    /// into an empty journal held in rollback mode): afterwards the journal opens, whole
    /// (`PRAGMA integrity_check`), with all of the import or none of it. As ReliabilityTests'
    /// ImportKillTests, the kill waits until the process has written 64 KiB (`wchar` in /proc/PID/io).
    func testAnImportKilledWhileWritingLeavesTheEncryptedJournalWhole() throws {
        let size = 20_000
        let lines = (0..<size).map {
            #"{"title":"entry \#($0)","body":"body \#($0) more words","createdAt":"2024-01-01T00:00:00Z"}"#
        }
        let file = try writeFile("in.jsonl", lines.joined(separator: "\n") + "\n")
        var landedWhileWriting = 0
        for trial in 0..<6 {
            for suffix in ["", "-wal", "-shm", "-journal", "-import-rollback"] { unlink(databasePath + suffix) }
            try succeed("init", "--encrypted", environment: with(passphrase))
            let before = trial % 2 == 0 ? 0 : 1  // empty: rollback mode; one entry: the WAL
            if before == 1 { try succeed("add", "--title", "before", environment: with(passphrase)) }
            let process = Process()
            process.executableURL = try EntriesBinary.locate()
            process.arguments = ["import", file]
            process.environment = environment(with(passphrase))
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning && Self.bytesWritten(by: process.processIdentifier) < 64 * 1024 && Date() < deadline
            {
                Thread.sleep(forTimeInterval: 0.001)
            }
            Thread.sleep(forTimeInterval: Double(trial) * 0.01)
            if process.isRunning && Self.bytesWritten(by: process.processIdentifier) >= 64 * 1024 {
                landedWhileWriting += 1
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let listed =
                try succeed("list", "--limit", "100000", environment: with(passphrase)).split(separator: "\n").count - 1
            XCTAssertTrue(listed == before || listed == before + size, "trial \(trial): \(listed) entries")
            XCTAssertEqual(try integrity(passphrase: passphrase), ["ok"], "trial \(trial)")
        }
        XCTAssertGreaterThan(landedWhileWriting, 0, "no kill landed while the import wrote")
    }

    /// The bytes a process has written with write(2) and friends (`wchar` in /proc/PID/io).
    private static func bytesWritten(by pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    /// `init --encrypted` with no terminal (and no passphrase command) said "the journal is encrypted and
    /// there is no terminal…", of a journal that did not exist yet: it says a new passphrase was asked.
    func testInitEncryptedWithoutATerminalSpeaksOfTheNewPassphrase() throws {
        // setsid: no controlling terminal, even when the tests run in one.
        let result = try EntriesBinary.run(
            executable: URL(fileURLWithPath: "/usr/bin/setsid"),
            ["-w", try EntriesBinary.locate().path, "init", "--encrypted"], input: nil, environment: environment(),
            directory: directory)
        assertFails(result, containing: "there is no terminal to ask the new passphrase on")
        XCTAssertFalse(result.error.contains("is encrypted"), result.error)
        XCTAssertTrue(result.error.contains("ENTRIES_PASSPHRASE_COMMAND"), result.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
    }
}
