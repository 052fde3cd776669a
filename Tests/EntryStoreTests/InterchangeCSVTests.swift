@testable import EntryInterchange
@testable import EntryModel
import Foundation
import XCTest

final class InterchangeCSVTests: XCTestCase {
    func testQuotedFieldsKeepCommasQuotesAndLineBreaksByteForByte() throws {
        let file =
            "Title,BODY,more_details,Tags,createdAt,updated\r\n"
            + "\"Hello, world\",\"She said \"\"hi\"\"\r\nsecond line\nthird\",,\"a; b,c\",2024-01-05T09:30:00.123Z,\r\n"
            + "plain,body,more,,,\n"
        let drafts = try EntryCSVFormat.drafts(from: Data(file))
        XCTAssertEqual(
            drafts,
            [
                EntryDraft(
                    title: "Hello, world", body: "She said \"hi\"\r\nsecond line\nthird", tags: ["a", "b", "c"],
                    createdAt: InterchangeDate.date(from: "2024-01-05T09:30:00.123Z")),
                EntryDraft(title: "plain", body: "body", moreDetails: "more"),
            ])
    }

    func testHeaderNamesAreCaseInsensitiveWithAliases() throws {
        let file = "\u{FEFF}ID, title ,moreDetails,CREATED_AT,UpdatedAt\n1,t,m,2024-01-05,2024-01-06\n"
        let drafts = try EntryCSVFormat.drafts(from: Data(file))
        XCTAssertEqual(
            drafts,
            [
                EntryDraft(
                    title: "t", moreDetails: "m", createdAt: InterchangeDate.date(from: "2024-01-05"),
                    updatedAt: InterchangeDate.date(from: "2024-01-06"))
            ])
    }

    func testBlankLinesAreSkippedAndAFileWithOnlyAHeaderIsEmpty() throws {
        XCTAssertEqual(
            try EntryCSVFormat.drafts(from: Data("title\n\na\n\nb")), [EntryDraft(title: "a"), EntryDraft(title: "b")])
        XCTAssertEqual(try EntryCSVFormat.drafts(from: Data("title,body\r\n")), [])
    }

    func testExportWritesTheHeaderAndQuotesOnlyWhereNeeded() {
        let entry = InterchangeFixtures.entry(
            id: 3, title: "Plain", body: "a,b", more: "say \"x\"\nok", tags: ["t1", "t2"])
        XCTAssertEqual(
            String(decoding: EntryExporter.bytes(of: [entry], format: .csv), as: UTF8.self),
            "id,title,body,more_details,tags,created_at,updated_at,starred\r\n"
                + "3,Plain,\"a,b\",\"say \"\"x\"\"\nok\",t1;t2,2024-01-05T09:30:00.123Z,2024-01-05T09:31:00.623Z,false\r\n"
        )
    }

    func testExportThenImportRoundTrips() throws {
        let separators = InterchangeFixtures.entry(
            id: 9, title: "Separators in tags", body: "", more: "",
            tags: ["a,b", "c;d", "back\\slash", "ends\\", "\\;,", "two\nlines", "plain"])
        let entries = InterchangeFixtures.trickyEntries + [separators]
        let drafts = try EntryCSVFormat.drafts(from: Data(EntryExporter.bytes(of: entries, format: .csv)))
        assertDrafts(drafts, match: entries)
    }

    func testTagsSplitOnUnescapedSeparatorsOnly() {
        XCTAssertEqual(EntryCSVFormat.splitTags("a; b,c"), ["a", "b", "c"])
        XCTAssertEqual(EntryCSVFormat.splitTags("x\\,y;z\\;w"), ["x,y", "z;w"])
        XCTAssertEqual(EntryCSVFormat.splitTags("a\\\\;b"), ["a\\", "b"], "an escaped backslash, then a separator")
        XCTAssertEqual(
            EntryCSVFormat.splitTags("C:\\temp;end\\"), ["C:\\temp", "end\\"], "other backslashes stay as they are")
        XCTAssertEqual(EntryCSVFormat.splitTags(" ; ,"), [])
    }

    func testUnknownColumnsAreRefusedByName() {
        let error = importError { () throws(ImportError) in
            try EntryCSVFormat.drafts(from: Data("title,bodyy,notes\nx,y,z\n"))
        }
        XCTAssertEqual(
            error?.description,
            #"line 1: unknown columns "bodyy", "notes" in the header (the columns are title, body, more_details, tags, created_at, updated_at, starred, id)"#
        )
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("body,tags\nx,y\n")) }?
                .description,
            "line 1: the header has no title column (the columns are title, body, more_details, tags, created_at, updated_at, starred, id)"
        )
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("title,Title\nx,y\n")) }?
                .description,
            #"line 1, field "Title": this column appears twice in the header"#)
    }

    func testRecordProblemsNameTheLineWhereTheRecordStarts() {
        let file = "title,body,created\n\"a\",\"two\nlines\",\nb,ok,2024-01-05\nc,bad date,5 Jan\n"
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data(file)) }?.description,
            #"line 5, field "created": "5 Jan" is not an ISO 8601 date (write it like 2024-01-05T09:30:00.000Z or 2024-01-05)"#
        )
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("title,body\na,b\nc\n")) }?
                .description,
            "line 3: expected 2 fields as in the header, found 1")
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("title,body\n  ,b\n")) }?
                .description,
            #"line 2, field "title": the title is empty (every entry needs one)"#)
    }

    func testMalformedCSVIsRefusedWithItsPlace() {
        XCTAssertEqual(
            importError { () throws(ImportError) in
                try EntryCSVFormat.drafts(from: Data("title,body\nx,\"never\nclosed\n"))
            }?.description,
            "line 2, column 3: malformed CSV: the quoted field starting here is never closed")
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("title\n\"a\"b\n")) }?
                .description,
            "line 2, column 4: malformed CSV: a closing quote must be followed by a comma or the end of the line (write a quote inside a quoted field as \"\")"
        )
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: Data("")) }?.description,
            "the CSV file is empty: it needs a header row naming its columns (title is required)")
        var invalid = Data("title\nok\nbad ".utf8)
        invalid.append(0xFE)
        XCTAssertEqual(
            importError { () throws(ImportError) in try EntryCSVFormat.drafts(from: invalid) }?.description,
            "line 3, column 5: invalid UTF-8 (byte 0xFE); the file must be UTF-8 text")
    }
}
