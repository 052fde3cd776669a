import EntryInterchange
import EntryModel
import XCTest

final class EntriesExportCommandTests: EntriesCommandTestCase {
    /// Text that formats tend to mangle, in every field, with dates to the millisecond, oldest first.
    private let tricky =
        "quote \" backslash \\ tab\t NUL \u{0} esc \u{1B}[31m DEL \u{7F} C1 \u{85}"
        + " CRLF\r\n LF\n lone CR\r emoji 👩‍👩‍👧 e\u{301} \u{2028} comma, semicolon;"

    private var drafts: [EntryDraft] {
        [
            EntryDraft(
                title: "Plain", body: "Body", moreDetails: "More", tags: ["a", "b"],
                createdAt: Date(timeIntervalSince1970: 1_704_447_000.123),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_001.456)),
            EntryDraft(
                title: "Tricky " + tricky, body: tricky, moreDetails: tricky, tags: ["émoji🎉", "tag with space"],
                createdAt: Date(timeIntervalSince1970: 1_704_447_002.001),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_003.999)),
            EntryDraft(
                title: "Empty", createdAt: Date(timeIntervalSince1970: 1_704_447_004),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_004)),
        ]
    }

    func testJSONExportImportExportIsByteExact() throws {
        try seed(drafts)
        let first = try entries("export")
        XCTAssertEqual(first.status, 0, first.error)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        try succeed("import", "-", input: first.standardOutput, environment: ["ENTRIES_DATABASE": copy])
        let second = try entries("export", environment: ["ENTRIES_DATABASE": copy])
        XCTAssertEqual(second.standardOutput, first.standardOutput)
        let entries = try decodeEntries(second.standardOutput)
        XCTAssertEqual(entries.map { Array($0.body.utf8) }, drafts.map { Array($0.body.utf8) })
        XCTAssertEqual(entries.map(\.updatedAt), drafts.map(\.updatedAt))
    }

    func testJSONLinesAndCSVRoundTrip() throws {
        try seed(drafts)
        let original = try allEntries()
        for format in ["jsonl", "csv"] {
            let exported = try entries("export", "--format", format)
            XCTAssertEqual(exported.status, 0, exported.error)
            let copy = directory.appendingPathComponent("copy-\(format).sqlite").path
            try succeed(
                "import", "-", "--format", format, input: exported.standardOutput,
                environment: ["ENTRIES_DATABASE": copy])
            let reread = try decodeEntries(Data(try succeed("export", environment: ["ENTRIES_DATABASE": copy]).utf8))
            XCTAssertEqual(reread.map { Array($0.title.utf8) }, original.map { Array($0.title.utf8) }, format)
            XCTAssertEqual(reread.map { Array($0.body.utf8) }, original.map { Array($0.body.utf8) }, format)
            XCTAssertEqual(
                reread.map { Array($0.moreDetails.utf8) }, original.map { Array($0.moreDetails.utf8) }, format)
            XCTAssertEqual(reread.map(\.tags), original.map(\.tags), format)
            XCTAssertEqual(reread.map(\.createdAt), original.map(\.createdAt), format)
            XCTAssertEqual(reread.map(\.updatedAt), original.map(\.updatedAt), format)
        }
    }

    func testMarkdownIsReadable() throws {
        try seed([drafts[0]])
        XCTAssertEqual(
            try succeed("export", "--format", "markdown"),
            """
            ## Plain

            Created 2024-01-05 09:30 UTC · tags: a, b

            Body

            ### More details

            More


            """)
    }

    func testOutputFileTakesItsFormatFromTheExtensionAndReplacesTheOldFile() throws {
        try seed([drafts[0]])
        let path = try writeFile("out.csv", "old content")
        XCTAssertEqual(try succeed("export", "--output", path), "Exported 1 entry to \(path).\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("id,title,body,more_details,tags,created_at,updated_at,starred\r\n1,Plain,"), text)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("partial") }, [])
        assertFails(
            try entries("export", "-o", directory.appendingPathComponent("missing/folder/x.json").path),
            containing: "no such folder")
    }

    func testAnEmptyDatabaseExportsAnEmptyArray() throws {
        try succeed("import", "-", "--format", "json", input: Data("[]".utf8))
        XCTAssertEqual(try succeed("export"), "[]\n")
        XCTAssertEqual(
            try succeed("export", "--format", "csv"),
            "id,title,body,more_details,tags,created_at,updated_at,starred\r\n")
    }

    /// A device or a FIFO is written into, never replaced: as root, renaming a file over /dev/null
    /// would replace /dev/null for the whole machine.
    func testAFIFOOrADeviceIsWrittenIntoNotReplaced() throws {
        try seed([
            EntryDraft(title: "Into the pipe", createdAt: day(1)), EntryDraft(title: "Second", createdAt: day(2)),
        ])
        let fifo = directory.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let received = ReceivedBytes()
        let reader = Thread {
            received.set(FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        try succeed("export", "--format", "json", "--output", fifo)
        XCTAssertTrue(received.wait(seconds: 10), "the reader got the export")
        XCTAssertEqual(try decodeEntries(received.value).map(\.title).sorted(), try allEntries().map(\.title).sorted())
        XCTAssertTrue(isOfType(fifo, S_IFIFO), "still a FIFO")
        let full = "/dev/full"
        try XCTSkipUnless(isOfType(full, S_IFCHR), "needs /dev/full")
        assertFails(try entries("export", "--output", full), containing: "cannot write /dev/full")
        XCTAssertTrue(isOfType(full, S_IFCHR), "/dev/full is still the device")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/dev/.full.partial"))
    }

    private func isOfType(_ path: String, _ type: mode_t) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == type
    }
}

/// Bytes a reader thread hands over.
private final class ReceivedBytes: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while data == nil { if !condition.wait(until: deadline) { break } }
        return data != nil
    }

    var value: Data {
        condition.lock()
        defer { condition.unlock() }
        return data ?? Data()
    }
}

/// `export --tag` and `--ids`: what `list` shows, exported.
final class EntriesExportFilterCommandTests: EntriesCommandTestCase {
    func testTagAndIdsChooseTheEntries() throws {
        try seed([
            EntryDraft(title: "A", tags: ["work"], createdAt: day(1)), EntryDraft(title: "B", createdAt: day(2)),
            EntryDraft(title: "C", tags: ["work"], createdAt: day(3)),
        ])
        let ids = try allEntries().sorted { $0.createdAt < $1.createdAt }.map(\.id)
        XCTAssertEqual(try decodeEntries(Data(try succeed("export", "--tag", "work").utf8)).map(\.title), ["A", "C"])
        XCTAssertEqual(
            try decodeEntries(Data(try succeed("export", "--ids", "\(ids[2]),\(ids[0])").utf8)).map(\.title),
            ["C", "A"])
        XCTAssertEqual(try decodeEntries(Data(try succeed("export", "--tag", "none").utf8)).map(\.title), [])
        assertFails(try entries("export", "--ids", "\(ids[0]),999"), containing: "999")
        assertFails(try entries("export", "--ids", "1,x"), status: 64, containing: "--ids takes entry ids")
        assertFails(try entries("export", "--ids", "1", "--tag", "work"), status: 64, containing: "not both")
    }
}
