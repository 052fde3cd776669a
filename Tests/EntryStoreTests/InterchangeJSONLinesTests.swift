import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeJSONLinesTests: XCTestCase {
    func testExportWritesOneObjectPerLine() {
        let entries = [
            InterchangeFixtures.entry(id: 1, title: "One"), InterchangeFixtures.entry(id: 2, title: "Two\nlines"),
        ]
        let text = String(decoding: EntryExporter.bytes(of: entries, format: .jsonl), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[2], "")
        XCTAssertTrue(lines[1].hasPrefix(#"{"id":2,"title":"Two\nlines","#), String(lines[1]))
        XCTAssertEqual(EntryExporter.bytes(of: [], format: .jsonl), [])
    }

    func testExportThenImportRoundTrips() throws {
        let entries = InterchangeFixtures.trickyEntries
        let drafts = try EntryJSONLinesFormat.drafts(from: Data(EntryExporter.bytes(of: entries, format: .jsonl)))
        assertDrafts(drafts, match: entries)
    }

    func testBlankLinesAndCRLFAreAccepted() throws {
        let drafts = try EntryJSONLinesFormat.drafts(
            from: Data("{\"title\":\"a\"}\r\n\r\n   \n{\"title\":\"b\",\"body\":\"x\\r\\n\"}\r\n"))
        XCTAssertEqual(drafts, [EntryDraft(title: "a"), EntryDraft(title: "b", body: "x\r\n")])
    }

    func testErrorsNameTheLine() {
        let file = "{\"title\":\"a\"}\n\n{\"title\":\"b\"}\n{\"title\":\"\"}\n"
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryJSONLinesFormat.drafts(from: Data(file)) },
            ImportError(line: 4, field: "title", reason: "the title is empty (every entry needs one)"))
        XCTAssertEqual(
            importError { () throws(ImportError) in
                try EntryJSONLinesFormat.drafts(from: Data("{\"title\":\"a\"}\n{\"title\":\"b\"} {\"title\":\"c\"}\n"))
            },
            ImportError(
                line: 2, column: 15,
                reason: "malformed JSON: expected the end of the line (one object per line), found `{`"))
        XCTAssertEqual(
            importError { () throws(ImportError) in
                try EntryJSONLinesFormat.drafts(from: Data("{\"title\":\"a\"}\n{\"title\":\"b\"\n"))
            }?.description,
            "line 2, column 13: malformed JSON: expected `,` or `}`, found the end of the file")
        XCTAssertEqual(
            importError { () throws(ImportError) in
                try EntryJSONLinesFormat.drafts(from: Data("{\"title\":\"a\"}\n[1]\n"))
            }?.description,
            "line 2: expected an object {…}, found an array")
    }

    func testInvalidUTF8NamesTheLine() {
        var file = Data("{\"title\":\"a\"}\n{\"title\":\"".utf8)
        file.append(0xFF)
        file.append(contentsOf: "\"}\n".utf8)
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryJSONLinesFormat.drafts(from: file) }?.description,
            "line 2, column 11: invalid UTF-8 (byte 0xFF); the file must be UTF-8 text")
    }
}
