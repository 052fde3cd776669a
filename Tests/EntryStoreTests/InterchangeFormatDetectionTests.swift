import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeFormatDetectionTests: XCTestCase {
    func testExtensionsDecideExceptForJSONWhichIsSniffed() {
        XCTAssertEqual(ImportFormat.detect(path: "a.JSONL", content: Data("[")), .jsonl)
        XCTAssertEqual(ImportFormat.detect(path: "a.ndjson", content: Data("")), .jsonl)
        XCTAssertEqual(ImportFormat.detect(path: "dir.json/a.csv", content: Data("[")), .csv)
        XCTAssertEqual(ImportFormat.detect(path: "a.json", content: Data("[]")), .json)
        XCTAssertEqual(
            ImportFormat.detect(path: "journal.json", content: Data("{\n  \"tags\": {},\n  \"entries\": []\n}")), .jrnl)
        XCTAssertEqual(ImportFormat.detect(path: "notes.txt", content: Data("title\nx\n")), .csv)
    }

    func testStandardInputIsSniffed() {
        XCTAssertEqual(ImportFormat.detect(path: nil, content: Data("\u{FEFF}  \n [{\"title\":\"a\"}]")), .json)
        XCTAssertEqual(ImportFormat.sniff(Data("{\"title\":\"a\"}\n{\"title\":\"b\"}\n")), .jsonl)
        XCTAssertEqual(ImportFormat.sniff(Data("{\"tags\": {}, \"entries\": []}")), .jrnl)
        XCTAssertEqual(ImportFormat.sniff(Data("{\n\"entries\": []}")), .jrnl)
        XCTAssertEqual(ImportFormat.sniff(Data("title,body\n")), .csv)
        XCTAssertEqual(ImportFormat.sniff(Data("")), .csv)
    }

    func testExportFormatFromTheOutputFileName() {
        XCTAssertEqual(ExportFormat(path: "out.json"), .json)
        XCTAssertEqual(ExportFormat(path: "out.NDJSON"), .jsonl)
        XCTAssertEqual(ExportFormat(path: "out.csv"), .csv)
        XCTAssertEqual(ExportFormat(path: "notes.md"), .markdown)
        XCTAssertNil(ExportFormat(path: "out.txt"))
        XCTAssertNil(ExportFormat(path: "out"))
    }

    func testEachImportFormatReadsItsOwnExport() throws {
        let entries = [InterchangeFixtures.entry(id: 1, title: "a", tags: ["x"])]
        for (exportFormat, importFormat) in [(ExportFormat.json, ImportFormat.json), (.jsonl, .jsonl), (.csv, .csv)] {
            let bytes = Data(EntryExporter.bytes(of: entries, format: exportFormat))
            XCTAssertEqual(ImportFormat.sniff(bytes), importFormat)
            assertDrafts(try importFormat.drafts(from: bytes), match: entries)
        }
    }
}
