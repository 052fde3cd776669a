import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// The base of the command tests: a fresh temporary folder per test (also `HOME`), a database path in
/// it passed as `ENTRIES_DATABASE`, and helpers to run `entries` and read its JSON.
class EntriesCommandTestCase: XCTestCase {
    private(set) var directory = URL(fileURLWithPath: "/nonexistent")
    var databasePath: String { directory.appendingPathComponent("entries.sqlite").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("entries-command-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        // A read-only file inside would not stop removal (the folder stays writable).
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// The environment of every run: nothing from the developer's (no EDITOR, no real database),
    /// UTC so dates print predictably, and `extra` on top (a nil value removes a variable). The
    /// sanitizer settings of a `make sanitize` run are kept (`EntriesBinary.sanitizerOptions`), for the
    /// tests that start the binary with a `Process` of their own.
    func environment(_ extra: [String: String?] = [:]) -> [String: String] {
        var environment = EntriesBinary.sanitizerOptions().merging([
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": directory.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "ENTRIES_DATABASE": databasePath,
        ]) { _, fixed in fixed }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs `entries arguments…` with `input` on standard input.
    @discardableResult
    func entries(
        _ arguments: String..., input: Data? = nil, environment extra: [String: String?] = [:]
    ) throws -> CommandResult {
        try EntriesBinary.run(arguments, input: input, environment: environment(extra), directory: directory)
    }

    /// Runs a command that must succeed and returns its standard output.
    @discardableResult
    func succeed(
        _ arguments: String..., input: Data? = nil, environment extra: [String: String?] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let result = try EntriesBinary.run(
            arguments, input: input, environment: environment(extra), directory: directory)
        XCTAssertEqual(
            result.status, 0, "entries \(arguments.joined(separator: " ")) failed: \(result.error)", file: file,
            line: line)
        return result.output
    }

    /// Asserts the command failed with `status` and one `entries: error: …` line containing `message`.
    func assertFails(
        _ result: CommandResult, status: Int32 = 1, containing message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.status, status, "exit status; stderr: \(result.error)", file: file, line: line)
        XCTAssertTrue(
            result.error.contains(message), "stderr \(result.error.debugDescription) lacks \(message.debugDescription)",
            file: file, line: line)
        if status == 1 {
            XCTAssertTrue(result.error.hasPrefix("entries: error: "), "stderr: \(result.error)", file: file, line: line)
            XCTAssertEqual(
                result.error.filter { $0 == "\n" }.count, 1, "one line: \(result.error)", file: file, line: line)
        }
        XCTAssertEqual(result.output, "", "nothing on standard output", file: file, line: line)
    }

    /// Writes `text` to a file in the test folder and returns its path.
    func writeFile(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func writeFile(_ name: String, _ text: String) throws -> String {
        try writeFile(name, Data(text.utf8))
    }

    /// Every entry in the database, through `entries export` (JSON).
    func allEntries(file: StaticString = #filePath, line: UInt = #line) throws -> [Entry] {
        try decodeEntries(Data(succeed("export", file: file, line: line).utf8))
    }

    func decodeEntries(_ data: Data) throws -> [Entry] {
        try Self.decoder.decode([Entry].self, from: data)
    }

    func decodeEntry(_ data: Data) throws -> Entry {
        try Self.decoder.decode(Entry.self, from: data)
    }

    func decodeSummaries(_ text: String) throws -> [EntrySummary] {
        try Self.decoder.decode([EntrySummary].self, from: Data(text.utf8))
    }

    /// Reads the JSON the command prints (dates as ISO 8601 with milliseconds).
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = InterchangeDate.date(from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "bad date \(text)"))
            }
            return date
        }
        return decoder
    }

    /// Adds entries through `entries import` of a JSON Lines text, one draft per line.
    func seed(_ drafts: [EntryDraft], file: StaticString = #filePath, line: UInt = #line) throws {
        var lines = ""
        for draft in drafts {
            var bytes: [UInt8] = []
            let entry = Entry(
                id: 0, title: draft.title, body: draft.body, moreDetails: draft.moreDetails, tags: draft.tags,
                createdAt: draft.createdAt ?? Date(), updatedAt: draft.updatedAt ?? draft.createdAt ?? Date(),
                starred: draft.starred)
            EntryJSONWriter.append(entry, to: &bytes)
            lines += String(decoding: bytes, as: UTF8.self) + "\n"
        }
        try succeed("import", "-", "--format", "jsonl", input: Data(lines.utf8), file: file, line: line)
    }

    /// 2024-01-0N 09:30 UTC.
    func day(_ number: Int) -> Date {
        Date(timeIntervalSince1970: 1_704_067_200 + Double(number - 1) * 86_400 + 9.5 * 3600)
    }
}
