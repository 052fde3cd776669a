@testable import EntryInterchange
@testable import EntryModel
import Foundation
import XCTest

/// The star in every format that carries it: written, read back, and written again byte for byte.
final class InterchangeStarredTests: XCTestCase {
    private let entries = [
        Entry(
            id: 1, title: "Starred", body: "b", tags: ["a"], createdAt: Date(timeIntervalSince1970: 1_700_000_000.123),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_100), starred: true),
        Entry(
            id: 2, title: "Plain", createdAt: Date(timeIntervalSince1970: 1_700_000_200),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_200)),
    ]

    func testOurJSONWritesTheStarOnlyWhenSetAndReadsItBack() throws {
        let bytes = EntryExporter.bytes(of: entries, format: .json)
        XCTAssertEqual(
            String(decoding: bytes, as: UTF8.self),
            """
            [
            {"id":1,"title":"Starred","body":"b","moreDetails":"","tags":["a"],"createdAt":"2023-11-14T22:13:20.123Z","updatedAt":"2023-11-14T22:15:00.000Z","starred":true},
            {"id":2,"title":"Plain","body":"","moreDetails":"","tags":[],"createdAt":"2023-11-14T22:16:40.000Z","updatedAt":"2023-11-14T22:16:40.000Z"}
            ]

            """)
        for format in [ExportFormat.json, .jsonl, .csv] {
            let written = EntryExporter.bytes(of: entries, format: format)
            let importFormat: ImportFormat = format == .csv ? .csv : format == .json ? .json : .jsonl
            let drafts = try importFormat.drafts(from: Data(written))
            XCTAssertEqual(drafts.map(\.starred), [true, false], "\(format)")
            let again = drafts.enumerated().map { index, draft in
                Entry(
                    id: Int64(index + 1), title: draft.title, body: draft.body, moreDetails: draft.moreDetails,
                    tags: draft.tags,
                    createdAt: draft.createdAt!, updatedAt: draft.updatedAt!, starred: draft.starred)
            }
            XCTAssertEqual(EntryExporter.bytes(of: again, format: format), written, "\(format): byte for byte")
        }
    }

    func testCSVHasAStarredColumnThatReadsTrueFalseAndEmpty() throws {
        let written = String(decoding: EntryExporter.bytes(of: entries, format: .csv), as: UTF8.self)
        XCTAssertTrue(written.hasPrefix("id,title,body,more_details,tags,created_at,updated_at,starred\r\n"), written)
        XCTAssertTrue(written.contains(",true\r\n") && written.contains(",false\r\n"), written)
        let drafts = try EntryCSVFormat.drafts(from: Data("title,starred\na,TRUE\nb,\nc,0\nd,yes\n".utf8))
        XCTAssertEqual(drafts.map(\.starred), [true, false, false, true])
        XCTAssertThrowsError(try EntryCSVFormat.drafts(from: Data("title,starred\na,maybe\n".utf8))) { error in
            XCTAssertEqual(String(describing: error), #"line 2, field "starred": "maybe" is not true or false"#)
        }
        XCTAssertTrue(
            EntryCSVFormat.knownNames.contains("starred"), "the help and errors name every column export writes")
    }

    func testAMarkdownNoteHasStarredInItsFrontMatterAndReadsBackExactly() throws {
        let text = MarkdownNoteFormat.text(of: entries[0])
        XCTAssertEqual(
            text,
            """
            ---
            id: 1
            title: "Starred"
            created: 2023-11-14T22:13:20.123Z
            updated: 2023-11-14T22:15:00.000Z
            tags: ["a"]
            starred: true
            ---
            b
            """)
        let note = try MarkdownNoteReader.note(from: text, name: "x.md", modified: Date())
        XCTAssertTrue(note.draft.starred)
        XCTAssertFalse(MarkdownNoteFormat.text(of: entries[1]).contains("starred"), "no line for an unstarred entry")
        XCTAssertFalse(
            try MarkdownNoteReader.note(from: MarkdownNoteFormat.text(of: entries[1]), name: "y.md", modified: Date())
                .draft.starred)
        XCTAssertThrowsError(
            try MarkdownNoteReader.note(from: "---\nstarred: sometimes\n---\n", name: "z.md", modified: Date()))
    }
}
