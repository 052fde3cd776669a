import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// Shared fixtures of the interchange tests: entries whose text exercises every escaping rule.
enum InterchangeFixtures {
    /// A date with milliseconds: 2024-01-05T09:30:00.123Z.
    static let date = Date(timeIntervalSince1970: 1_704_447_000.123)

    /// Text with every kind of character that formats tend to mangle.
    static let trickyText =
        "quote \" backslash \\ tab\t NUL \u{0} bell \u{7} esc \u{1B}[31m DEL \u{7F} C1 \u{85}\u{9B}"
        + " CRLF\r\n LF\n lone CR\r emoji 👩‍👩‍👧 é (e\u{301}) U+2028 \u{2028} comma, semicolon;"

    static func entry(
        id: Int64, title: String = "Title", body: String = "", more: String = "", tags: [String] = [],
        created: Date = date, updated: Date? = nil
    ) -> Entry {
        Entry(
            id: id, title: title, body: body, moreDetails: more, tags: tags, createdAt: created,
            updatedAt: updated ?? created.addingTimeInterval(60.5))
    }

    /// Entries with tricky text in every text field.
    static var trickyEntries: [Entry] {
        [
            entry(id: 1, title: "Plain", body: "Body", more: "More", tags: ["a", "b"]),
            entry(
                id: 2, title: "Tricky " + trickyText, body: trickyText, more: trickyText,
                tags: ["tag with space", "émoji🎉"],
                created: date.addingTimeInterval(1)),
            entry(id: 3, title: "Empty fields", created: date.addingTimeInterval(2)),
            entry(
                id: 4, title: "Old", body: "\n\nleading and trailing newlines\n\n",
                created: Date(timeIntervalSince1970: -86_400.5)),
        ]
    }
}

/// Asserts that `drafts` hold the text, tags and dates of `entries`, byte for byte and to the millisecond.
func assertDrafts(_ drafts: [EntryDraft], match entries: [Entry], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(drafts.count, entries.count, "number of drafts", file: file, line: line)
    for (draft, entry) in zip(drafts, entries) {
        XCTAssertEqual(Array(draft.title.utf8), Array(entry.title.utf8), "title of \(entry.id)", file: file, line: line)
        XCTAssertEqual(Array(draft.body.utf8), Array(entry.body.utf8), "body of \(entry.id)", file: file, line: line)
        XCTAssertEqual(
            Array(draft.moreDetails.utf8), Array(entry.moreDetails.utf8), "more details of \(entry.id)", file: file,
            line: line)
        XCTAssertEqual(draft.tags, entry.tags, "tags of \(entry.id)", file: file, line: line)
        XCTAssertEqual(
            draft.createdAt.map(milliseconds), milliseconds(entry.createdAt), "createdAt of \(entry.id)", file: file,
            line: line)
        XCTAssertEqual(
            draft.updatedAt.map(milliseconds), milliseconds(entry.updatedAt), "updatedAt of \(entry.id)", file: file,
            line: line)
    }
}

func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}

/// The error `body` throws, failing the test when it throws none.
func importError(
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws(ImportError) -> [EntryDraft]
) -> ImportError? {
    do {
        let drafts = try body()
        XCTFail("expected an import error, got \(drafts.count) drafts", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

extension Data {
    init(_ text: String) {
        self.init(text.utf8)
    }
}
