import Foundation
import PostgreSQLTesting
import XCTest

/// Switching journals in the real app under tmux while another process, `entries import`, is in the
/// middle of importing into one of them: the app neither crashes nor waits, the journal switched to
/// shows its last committed state (the import is one transaction), and when the import ends its
/// entries appear by themselves, none lost.
///
/// The import reads standard input, which the test holds open: the import is certainly running while
/// the app switches, and has stored whole batches in its open transaction (the test's write of the
/// first part returns only once the import has read nearly all of it).
final class EntriesJournalSwitchDuringImportTests: XCTestCase {
    private var fixture: EntriesTourFixture?
    private var importer: Process?

    override func tearDown() {
        if let importer, importer.isRunning { importer.terminate() }
        importer = nil
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    /// Entries in the journal before the import, older than every imported one.
    static let before = ["Before import two", "Before import one"]
    /// How many entries the import brings, and how many of them are written before the switches.
    static let imported = 30_000
    static let writtenBeforeTheSwitches = 20_000

    func testSwitchingToAnSQLiteJournalWhileAnotherProcessImportsIntoIt() throws {
        let tour = try EntriesTourFixture(width: 100, height: 30)
        fixture = tour
        try switchBackAndForthDuringAnImport(
            into: tour.directory.appendingPathComponent("notes.sqlite").path, kind: "sqlite", tour: tour)
    }

    #if PostgreSQL
    func testSwitchingToAPostgreSQLJournalWhileAnotherProcessImportsIntoIt() throws {
        let server = try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })
        let tour = try EntriesTourFixture(width: 100, height: 30)
        fixture = tour
        try switchBackAndForthDuringAnImport(into: try server.makeDatabase(), kind: "postgresql", tour: tour)
    }
    #endif

    /// An import into an empty SQLite journal holds its file alone (it is written once, see
    /// `ExclusiveImportJournal`): the app cannot open it meanwhile, says so, and stays on the journal
    /// it is on, answering keys; once the import is over the journal opens with every entry.
    func testAJournalAnImportHoldsAloneIsRefusedAndTheAppStays() throws {
        let tour = try EntriesTourFixture(width: 100, height: 30)
        fixture = tour
        let notes = tour.directory.appendingPathComponent("notes.sqlite").path
        let config = try writeConfig(in: tour, notes: notes)
        try tour.launch(command: appCommand(tour, config: config))

        let input = try startImport(into: notes, tour: tour)
        try input.write(contentsOf: Self.lines(0..<Self.writtenBeforeTheSwitches))
        let picker = try tour.press("o", until: "the journals") {
            $0.contains("┌ Journals") && $0.contains("5 entries")
        }
        XCTAssertTrue(picker.contains("│  notes  sqlite      busy       "), picker)
        try tour.tmux.press("j")
        // The open waits for the file up to its busy timeout (5 s) before it gives up.
        try tour.tmux.press("Enter")
        let refused = try tour.tmux.waitForScreen("the refusal", timeout: 30) {
            $0.contains("`notes` is busy: another program is writing to it; still on this one")
        }
        XCTAssertEqual(EntriesTourFixture.header(of: refused), "home › Entries", refused)
        XCTAssertEqual(
            EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: refused), EntriesTourFixture.newestFirst)
        try tour.press("j", until: "a key answered on the journal it stayed on") { $0.contains("2 of 5") }
        XCTAssertTrue(try XCTUnwrap(importer).isRunning, "the import was still running")

        try finishImport(input, from: Self.writtenBeforeTheSwitches)
        try tour.press("o", until: "the journals after the import") {
            $0.contains("┌ Journals") && $0.contains("30,000 entries")
        }
        try tour.tmux.press("j")
        let opened = try tour.press("Enter", until: "the imported journal") {
            EntriesTourFixture.header(of: $0) == "notes › Entries" && $0.contains("1 of 30,000")
        }
        XCTAssertTrue(opened.contains("Imported 29999"), opened)
        try quit(tour)
    }

    // MARK: - The steps

    private func switchBackAndForthDuringAnImport(into notes: String, kind: String, tour: EntriesTourFixture) throws {
        try tour.importRecords(
            Self.before.enumerated().map { index, title in
                ["title": title, "createdAt": "2024-02-0\(2 - index)T09:00:00.000Z"]
            }, into: notes)
        let config = try writeConfig(in: tour, notes: notes)
        try tour.launch(command: appCommand(tour, config: config))

        let input = try startImport(into: notes, tour: tour)
        try input.write(contentsOf: Self.lines(0..<Self.writtenBeforeTheSwitches))
        let picker = try tour.press("o", until: "the journals, counted while the import runs") {
            $0.contains("┌ Journals") && $0.contains("5 entries") && $0.contains("2 entries")
        }
        XCTAssertTrue(
            picker.contains("  notes  \(kind.padding(toLength: 12, withPad: " ", startingAt: 0))2 entries"), picker)
        // To the journal being imported into, back, and to it again, all while the import runs.
        for round in 1...2 {
            try tour.tmux.press("j")
            let switched = try tour.press("Enter", until: "the journal being imported into (\(round))") {
                EntriesTourFixture.header(of: $0) == "notes › Entries" && $0.contains("1 of 2")
            }
            XCTAssertEqual(EntriesTourFixture.order(of: Self.before, in: switched), Self.before, switched)
            XCTAssertFalse(switched.contains("Imported "), "nothing of the open transaction shows:\n\(switched)")
            for title in EntriesTourFixture.newestFirst { XCTAssertFalse(switched.contains(title), switched) }
            try tour.press("o", until: "the journals (\(round))") {
                $0.contains("┌ Journals") && $0.contains("2 entries")
            }
            try tour.tmux.press("k")
            let home = try tour.press("Enter", until: "home again (\(round))") {
                EntriesTourFixture.header(of: $0) == "home › Entries" && $0.contains("1 of 5")
            }
            XCTAssertEqual(
                EntriesTourFixture.order(of: EntriesTourFixture.newestFirst, in: home), EntriesTourFixture.newestFirst)
            XCTAssertFalse(home.contains("Before import"), home)
            try tour.press("o", until: "the journals") { $0.contains("┌ Journals") && $0.contains("2 entries") }
        }
        try tour.tmux.press("j")
        try tour.press("Enter", until: "the journal being imported into, to stay") {
            EntriesTourFixture.header(of: $0) == "notes › Entries" && $0.contains("1 of 2")
        }
        XCTAssertTrue(try XCTUnwrap(importer).isRunning, "the import was still running through every switch")

        // The import ends: its entries show by themselves, the selection still on the entry it was on.
        try finishImport(input, from: Self.writtenBeforeTheSwitches)
        let total = Self.imported + Self.before.count
        var previous = ""
        let after = try tour.tmux.waitForScreen("the imported entries, no key pressed", timeout: 30) { screen in
            defer { previous = screen }
            return screen == previous && screen.contains("of 30,002")
        }
        XCTAssertTrue(after.contains("30,001 of 30,002"), "still on Before import two:\n\(after)")
        try tour.press("g", until: "the newest imported entry") {
            $0.contains("1 of 30,002") && $0.contains("Imported 29999")
        }

        // None lost: every journal holds what it should, as `entries journals` counts it.
        let listed = try tour.runEntries(
            ["journals", "--json"], database: tour.database, environment: ["XDG_CONFIG_HOME": config.path])
        let journals = try XCTUnwrap(try JSONSerialization.jsonObject(with: listed) as? [[String: Any]])
        let counts = Dictionary(
            uniqueKeysWithValues: journals.compactMap { journal in
                (journal["name"] as? String).map { ($0, journal["entries"] as? Int ?? -1) }
            })
        XCTAssertEqual(counts["home"], EntriesTourFixture.entries.count)
        XCTAssertEqual(counts["notes"], total)
        try quit(tour)
    }

    /// A config naming the tour's database `home` and `notes`, in a folder of the tour; the folder to
    /// give as `XDG_CONFIG_HOME`.
    private func writeConfig(in tour: EntriesTourFixture, notes: String) throws -> URL {
        let home = tour.directory.appendingPathComponent("xdg", isDirectory: true)
        let folder = home.appendingPathComponent("entries", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = "database: \(tour.database)\njournals:\n  home: \(tour.database)\n  notes: \(notes)\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        return home
    }

    private func appCommand(_ tour: EntriesTourFixture, config: URL) -> String {
        "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(config.path)) "
            + "XDG_DATA_HOME=\(EntriesTourFixture.quoted(tour.directory.path)) \(EntriesTourFixture.quoted(tour.binary))"
    }

    /// Starts `entries import - --format jsonl` into `location`, reading what the test writes to the
    /// handle returned.
    private func startImport(into location: String, tour: EntriesTourFixture) throws -> FileHandle {
        // A write to an import that died must fail the test, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tour.binary)
        process.arguments = ["import", "-", "--format", "jsonl"]
        process.environment = ["ENTRIES_DATABASE": location, "PATH": "/usr/bin:/bin"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = try FileHandle(
            forWritingTo: touch(tour.directory.appendingPathComponent("import.out")))
        process.standardError = try FileHandle(forWritingTo: touch(tour.directory.appendingPathComponent("import.err")))
        try process.run()
        importer = process
        return input.fileHandleForWriting
    }

    /// Writes the rest of the import, closes its input and waits for it to end well.
    private func finishImport(_ input: FileHandle, from first: Int) throws {
        let process = try XCTUnwrap(importer)
        try input.write(contentsOf: Self.lines(first..<Self.imported))
        try input.close()
        process.waitUntilExit()
        let directory = try XCTUnwrap(fixture).directory
        let output = (try? String(contentsOf: directory.appendingPathComponent("import.out"), encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOf: directory.appendingPathComponent("import.err"), encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, errors)
        XCTAssertEqual(output, "Imported \(Self.imported) entries.\n", errors)
    }

    private func touch(_ file: URL) throws -> URL {
        try Data().write(to: file)
        return file
    }

    /// JSON Lines of the imported entries `range`, a minute apart from June 2024 on (newer than the
    /// journal's), each about 400 bytes.
    private static func lines(_ range: Range<Int>) -> Data {
        var text = ""
        let body = String(repeating: "Imported text. ", count: 24)
        for index in range {
            let day = 1 + index / 1440, hour = (index / 60) % 24, minute = index % 60
            let title = String(format: "Imported %05d", index)
            let date = String(format: "2024-06-%02dT%02d:%02d:00.000Z", day, hour, minute)
            text += "{\"title\": \"\(title)\", \"body\": \"\(body)\", \"createdAt\": \"\(date)\"}\n"
        }
        return Data(text.utf8)
    }

    private func quit(_ tour: EntriesTourFixture) throws {
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }
}
