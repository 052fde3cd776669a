import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeJSONTests: XCTestCase {
    func testExportWritesOneObjectPerLineInAnArray() {
        let entry = InterchangeFixtures.entry(id: 7, title: "Hi \"you\"", body: "a\nb", tags: ["x"])
        let text = String(decoding: EntryExporter.bytes(of: [entry], format: .json), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            [
            {"id":7,"title":"Hi \\"you\\"","body":"a\\nb","moreDetails":"","tags":["x"],"createdAt":"2024-01-05T09:30:00.123Z","updatedAt":"2024-01-05T09:31:00.623Z"}
            ]

            """)
        XCTAssertEqual(String(decoding: EntryExporter.bytes(of: [], format: .json), as: UTF8.self), "[]\n")
    }

    func testExportEscapesEveryControlCharacter() {
        let entry = InterchangeFixtures.entry(id: 1, title: "\u{0}\u{1B}\u{7F}\u{85}\u{2028}\t")
        let text = String(decoding: EntryExporter.bytes(of: [entry], format: .json), as: UTF8.self)
        XCTAssertTrue(text.contains(#""title":"\u0000\u001b\u007f\u0085\u2028\t""#), text)
        XCTAssertFalse(
            text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters in \(text)")
    }

    func testExportThenImportKeepsTextByteForByteAndDatesToTheMillisecond() throws {
        let entries = InterchangeFixtures.trickyEntries
        let exported = EntryExporter.bytes(of: entries, format: .json)
        let drafts = try EntryJSONFormat.drafts(from: Data(exported))
        assertDrafts(drafts, match: entries)
        // Re-exporting what was imported (with the same ids) gives the same bytes.
        let reimported = zip(entries, drafts).map { entry, draft in
            Entry(
                id: entry.id, title: draft.title, body: draft.body, moreDetails: draft.moreDetails, tags: draft.tags,
                createdAt: draft.createdAt ?? .distantPast, updatedAt: draft.updatedAt ?? .distantPast)
        }
        XCTAssertEqual(EntryExporter.bytes(of: reimported, format: .json), exported)
    }

    func testImportReadsOptionalFieldsNullsAndIgnoresIds() throws {
        let drafts = try EntryJSONFormat.drafts(
            from: Data(
                """
                \u{FEFF}[ {"title": "Only a title"},
                  {"id": 99, "title": "Full", "body": null, "moreDetails": "m", "tags": null, "createdAt": "2024-01-05", "updatedAt": null} ]
                """))
        XCTAssertEqual(
            drafts,
            [
                EntryDraft(title: "Only a title"),
                EntryDraft(title: "Full", moreDetails: "m", createdAt: Date(timeIntervalSince1970: 1_704_412_800)),
            ])
        XCTAssertEqual(try EntryJSONFormat.drafts(from: Data(" [ ] \n")), [])
    }

    func testImportKeepsEscapedNulAndAstralCharacters() throws {
        let drafts = try EntryJSONFormat.drafts(from: Data(#"[{"title":"a\u0000b\ud83d\ude00\/"}]"#))
        XCTAssertEqual(Array(drafts[0].title.utf8), Array("a\u{0}b😀/".utf8))
    }

    func testWrongTypesNameRecordLineAndField() {
        let file = """
            [
              {"title": "fine"},
              {"title": 42}
            ]
            """
        let error = importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: Data(file)) }
        XCTAssertEqual(
            error, ImportError(record: 2, line: 3, field: "title", reason: "expected a string, found a number"))
        XCTAssertEqual(error?.description, #"record 2 (line 3), field "title": expected a string, found a number"#)

        let cases: [(String, String)] = [
            (
                #"[{"title":"t","tags":"a"}]"#,
                #"record 1 (line 1), field "tags": expected an array of strings, found a string"#
            ),
            (
                #"[{"title":"t","tags":["a",3]}]"#,
                #"record 1 (line 1), field "tags": tag 2 is a number, expected a string"#
            ),
            (#"[{"title":"t","body":[]}]"#, #"record 1 (line 1), field "body": expected a string, found an array"#),
            (#"[{"title":"t","id":"7"}]"#, #"record 1 (line 1), field "id": expected a number, found a string"#),
            (#"[{"title":"t"}, 5]"#, "record 2 (line 1): expected an object {…}, found a number"),
        ]
        for (file, message) in cases {
            XCTAssertEqual(
                importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: Data(file)) }?.description,
                message, file)
        }
    }

    func testMissingOrEmptyTitleIsRefused() {
        for (file, reason) in [
            (#"[{"body":"b"}]"#, "the title is missing (every entry needs one)"),
            (#"[{"title":null}]"#, "the title is missing (every entry needs one)"),
            (#"[{"title":" \n\t"}]"#, "the title is empty (every entry needs one)"),
        ] {
            let error = importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: Data(file)) }
            XCTAssertEqual(error, ImportError(record: 1, line: 1, field: "title", reason: reason), file)
        }
    }

    func testUnparseableDatesAndUnknownFieldsAreRefused() {
        let date = importError { () throws(ImportError) in
            try EntryJSONFormat.drafts(from: Data(#"[{"title":"t","createdAt":"yesterday"}]"#))
        }
        XCTAssertEqual(date?.field, "createdAt")
        XCTAssertEqual(
            date?.reason, #""yesterday" is not an ISO 8601 date (write it like 2024-01-05T09:30:00.000Z or 2024-01-05)"#
        )
        let unknown = importError { () throws(ImportError) in
            try EntryJSONFormat.drafts(from: Data(#"[{"title":"t","bodyy":"b"}]"#))
        }
        XCTAssertEqual(unknown?.field, "bodyy")
        XCTAssertEqual(
            unknown?.reason,
            "unknown field (the fields are id, title, body, moreDetails, tags, createdAt, updatedAt, starred)")
    }

    func testMalformedJSONNamesLineAndColumn() {
        let cases: [(String, ImportError)] = [
            (
                "[\n {\"title\": \"a\"}\n {\"title\": \"b\"}\n]",
                ImportError(record: 1, line: 3, column: 2, reason: "malformed JSON: expected `,` or `]`, found `{`")
            ),
            (
                "[{\"title\": \"a\",}]",
                ImportError(
                    record: 1, line: 1, column: 16,
                    reason: "malformed JSON: expected a field name in double quotes, found `}`")
            ),
            (
                "[{\"title\": \"a\"}",
                ImportError(
                    record: 1, line: 1, column: 16,
                    reason: "malformed JSON: expected `,` or `]`, found the end of the file")
            ),
            (
                "{\"title\": \"a\"}",
                ImportError(
                    line: 1, column: 1,
                    reason: "malformed JSON: expected `[` (the file must be a JSON array of entry objects), found `{`")
            ),
            (
                "[] x",
                ImportError(
                    line: 1, column: 4,
                    reason: "malformed JSON: expected the end of the file after the array, found `x`")
            ),
            (
                "[{\"title\": \"a\nb\"}]",
                ImportError(
                    record: 1, line: 1, column: 14,
                    reason:
                        "malformed JSON: a raw control character (U+000A) inside a string must be written as an escape such as \\n or \\u000A"
                )
            ),
            (
                "[{\"title\": \"\\ud800\"}]",
                ImportError(
                    record: 1, line: 1, column: 13,
                    reason: "malformed JSON: \\ud800 is half of a surrogate pair and is not a character")
            ),
            (
                "[{\"title\": \"a\", \"title\": \"b\"}]",
                ImportError(record: 1, line: 1, column: 17, reason: "field \"title\" appears twice in the same object")
            ),
            (
                "",
                ImportError(
                    line: 1, column: 1,
                    reason:
                        "malformed JSON: expected `[` (the file must be a JSON array of entry objects), found the end of the file"
                )
            ),
        ]
        for (file, expected) in cases {
            XCTAssertEqual(
                importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: Data(file)) }, expected, file)
        }
    }

    func testInvalidUTF8IsRefusedWithItsPlace() {
        var file = Data("[\n{\"title\": \"caf".utf8)
        file.append(contentsOf: [0xC3, 0x28])  // a lead byte without its continuation
        file.append(contentsOf: "\"}]".utf8)
        let error = importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: file) }
        XCTAssertEqual(
            error, ImportError(line: 2, column: 15, reason: "invalid UTF-8 (byte 0xC3); the file must be UTF-8 text"))
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let file = "[{\"title\":\"t\",\"tags\":" + String(repeating: "[", count: 100_000) + "]}]"
        let error = importError { () throws(ImportError) in try EntryJSONFormat.drafts(from: Data(file)) }
        XCTAssertEqual(error?.reason, "JSON nested too deeply")
    }
}
