import EntryInterchange
import EntryModel
import XCTest

final class EntriesImportCommandTests: EntriesCommandTestCase {
    func testImportsEachFormatFromFiles() throws {
        let json = try writeFile(
            "a.json", #"[{"title":"From JSON","tags":["j"],"createdAt":"2024-01-01T09:30:00.000Z"}]"#)
        let jsonl = try writeFile("b.jsonl", "{\"title\":\"From JSONL 1\"}\n{\"title\":\"From JSONL 2\"}\n")
        let jrnl = try writeFile(
            "c.json",
            #"{"tags":{"@x":1},"entries":[{"title":"From jrnl","body":"b","date":"2024-01-05","time":"09:30","tags":["@x"],"starred":true}]}"#
        )
        let csv = try writeFile("d.csv", "title,tags\r\n\"From, CSV\",a;b\r\n")
        XCTAssertEqual(try succeed("import", json), "Imported 1 entry.\n")
        XCTAssertEqual(try succeed("import", jsonl), "Imported 2 entries.\n")
        XCTAssertEqual(try succeed("import", jrnl), "Imported 1 entry.\n")
        XCTAssertEqual(try succeed("import", csv, "--json"), "{\"imported\":1,\"skipped\":0}\n")
        let entries = try allEntries()
        XCTAssertEqual(
            Set(entries.map(\.title)), ["From JSON", "From JSONL 1", "From JSONL 2", "From jrnl", "From, CSV"])
        let fromJrnl = try XCTUnwrap(entries.first { $0.title == "From jrnl" })
        XCTAssertEqual(fromJrnl.tags, ["x"])
        XCTAssertTrue(fromJrnl.starred, "jrnl's star is kept as a star")
        XCTAssertEqual(fromJrnl.createdAt, InterchangeDate.date(from: "2024-01-05T09:30:00Z"), "read in TZ=UTC")
        XCTAssertEqual(entries.first { $0.title == "From, CSV" }?.tags, ["a", "b"])
    }

    func testStandardInputIsSniffedOrTakesAFormat() throws {
        XCTAssertEqual(
            try succeed("import", "-", input: Data("{\"title\":\"a\"}\n{\"title\":\"b\"}\n".utf8)),
            "Imported 2 entries.\n")
        XCTAssertEqual(try succeed("import", "-", input: Data("title\nc\n".utf8)), "Imported 1 entry.\n")
        XCTAssertEqual(
            try succeed("import", "-", "--format", "json", input: Data("[{\"title\":\"d\"}]".utf8)),
            "Imported 1 entry.\n")
        XCTAssertEqual(try allEntries().count, 4)
    }

    func testAnInvalidRecordRefusesTheWholeImport() throws {
        try seed([EntryDraft(title: "already here")])
        let file = try writeFile(
            "bad.json", "[\n{\"title\":\"fine\"},\n{\"title\":\"also fine\"},\n{\"body\":\"no title\"}\n]")
        assertFails(
            try entries("import", file),
            containing: "cannot import \(file) as json: record 3 (line 4), field \"title\": the title is missing")
        XCTAssertTrue(try entries("import", file).error.hasSuffix("nothing was imported\n"))
        XCTAssertEqual(try allEntries().map(\.title), ["already here"])
    }

    func testWrongTypesUnknownColumnsAndDatesAreNamed() throws {
        let cases: [(String, String, String)] = [
            (
                "types.jsonl", "{\"title\":\"ok\"}\n{\"title\":\"t\",\"tags\":\"not an array\"}\n",
                "line 2, field \"tags\": expected an array of strings, found a string"
            ),
            ("columns.csv", "title,notes\nx,y\n", "line 1: unknown column \"notes\""),
            (
                "dates.csv", "title,created\nx,yesterday\n",
                "line 2, field \"created\": \"yesterday\" is not an ISO 8601 date"
            ),
            ("empty-title.csv", "title\n\"\"\n", "line 2, field \"title\": the title is empty"),
            ("broken.json", "[{\"title\": \"x\"", "record 1 (line 1), column 15: malformed JSON: expected `,` or `}`"),
        ]
        for (name, content, message) in cases {
            assertFails(try entries("import", try writeFile(name, content)), containing: message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a refused import creates no database")
    }

    func testInvalidUTF8IsRefusedWithItsPlace() throws {
        var data = Data("title,body\nok,fine\nbad,caf".utf8)
        data.append(0xE9)  // Latin-1 é
        data.append(contentsOf: "\n".utf8)
        assertFails(
            try entries("import", try writeFile("latin1.csv", data)),
            containing: "line 3, column 8: invalid UTF-8 (byte 0xE9)")
    }

    func testMissingFileIsAnError() throws {
        assertFails(try entries("import", "nowhere.json"), containing: "cannot read nowhere.json: no such file")
    }

    func testAFolderIsAFolderOfMarkdownNotes() throws {
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("notes"), withIntermediateDirectories: true)
        XCTAssertEqual(try succeed("import", "notes"), "Imported 0 entries.\n", "nothing in it, nothing imported")
    }

    func testAnEmptyJSONFileIsReadAsJSON() throws {
        assertFails(
            try entries("import", try writeFile("empty.json", "")), containing: "empty.json as json: line 1, column 1")
        assertFails(try entries("import", try writeFile("blank.json", "  \n")), containing: "as json: line 2, column 1")
    }

    private func manyEntriesCSV(_ count: Int) -> Data {
        Data(("title\n" + (1...count).map { "Entry \($0)\n" }.joined()).utf8)
    }

    func testNoProgressWhenStandardErrorIsNotATerminal() throws {
        let result = try entries("import", "-", "--json", input: manyEntriesCSV(1500))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "{\"imported\":1500,\"skipped\":0}\n")
        XCTAssertEqual(result.error, "", "nothing on standard error")
    }

    /// 1,500 entries with bodies: a file of more than 1 MB.
    private func largeEntriesCSV() -> Data {
        let body = String(repeating: "word ", count: 160)
        return Data(("title,body\n" + (1...1500).map { "Entry \($0),\(body)\n" }.joined()).utf8)
    }

    func testNoProgressForALargeFileWhenStandardErrorIsNotATerminal() throws {
        let file = try writeFile("large.csv", largeEntriesCSV())
        let result = try entries("import", file)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "Imported 1500 entries.\n")
        XCTAssertEqual(result.error, "", "nothing on standard error")
    }

    /// On a terminal (a pseudo-terminal made by script(1)) a large import shows its progress: reading
    /// the file, how much of it is read and stored (after each batch), building the indexes, saving;
    /// then the line is erased.
    func testProgressOnATerminal() throws {
        let script = "/usr/bin/script"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: script), "needs script(1) for a pseudo-terminal")
        let file = try writeFile("many.csv", largeEntriesCSV())
        let binary = try EntriesBinary.locate().path
        let result = try EntriesBinary.run(
            executable: URL(fileURLWithPath: script), ["-qec", "'\(binary)' import '\(file)'", "/dev/null"],
            input: nil, environment: environment(), directory: directory)
        XCTAssertEqual(result.status, 0, result.output)
        let stages = [
            "\rReading many.csv…", "\rImporting… 99%", "\rImporting… building indexes", "\rImporting… saving",
        ]
        let positions = stages.map { result.output.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), "every stage shown: \(result.output.debugDescription)")
        XCTAssertEqual(
            positions, positions.sorted { ($0 ?? result.output.endIndex) < ($1 ?? result.output.endIndex) }, "in order")
        XCTAssertTrue(result.output.hasSuffix("\r\u{1B}[KImported 1500 entries.\r\n"), result.output.debugDescription)
    }
}
