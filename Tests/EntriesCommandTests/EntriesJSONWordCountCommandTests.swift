import EntryModel
import Foundation
import XCTest

/// The command line's `--json` says how many words each entry has (`"words"`, as the list's `words`
/// outlet shows it and `wc -w` counts); the interchange formats (`export`) do not, and still import
/// back byte for byte.
final class EntriesJSONWordCountCommandTests: EntriesCommandTestCase {
    /// Three entries whose bodies have 0, 3 and 5 words (`don't` and `2026-11-21` one word each).
    private func seedCounted() throws {
        try seed([
            EntryDraft(title: "Empty", createdAt: day(1)),
            EntryDraft(title: "Walk", body: "A long\twalk", tags: ["walk"], createdAt: day(2)),
            EntryDraft(title: "Notes", body: "don't forget 2026-11-21 漢字の日記 [[Walk]]", createdAt: day(3)),
        ])
    }

    private func objects(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [[String: Any]], "an array of objects: \(text)", file: file, line: line)
    }

    private func wordsByTitle(_ objects: [[String: Any]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for object in objects {
            if let title = object["title"] as? String, let words = object["words"] as? Int { counts[title] = words }
        }
        return counts
    }

    func testListAndSearchSayHowManyWordsEachEntryHas() throws {
        try seedCounted()
        let expected = ["Empty": 0, "Walk": 3, "Notes": 5]
        let list = try succeed("list", "--json", "--sort", "oldest")
        XCTAssertEqual(wordsByTitle(try objects(list)), expected, list)
        XCTAssertTrue(
            list.contains(
                #"{"id":2,"title":"Walk","tags":["walk"],"createdAt":"2024-01-02T09:30:00.000Z","updatedAt":"2024-01-02T09:30:00.000Z","starred":false,"words":3}"#
            ), "words comes last, after starred: \(list)")
        let onThisDay = try succeed("list", "--on-this-day", "2024-01-03", "--json")
        XCTAssertEqual(wordsByTitle(try objects(onThisDay)), ["Notes": 5], onThisDay)
        let search = try succeed("search", "long", "--json")
        XCTAssertEqual(wordsByTitle(try objects(search)), ["Walk": 3], search)
    }

    func testShowAndAddSayHowManyWordsTheEntryAndItsBacklinksHave() throws {
        try seedCounted()
        let show = try succeed("show", "2", "--json")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(show.utf8)) as? [String: Any], show)
        XCTAssertEqual(object["words"] as? Int, 3, show)
        XCTAssertTrue(show.contains(#""starred":false,"words":3,"links":[]"#), show)
        let backlinks = try XCTUnwrap(object["backlinks"] as? [[String: Any]], show)
        XCTAssertEqual(wordsByTitle(backlinks), ["Notes": 5], show)

        let added = try succeed("add", "--json", "Four words, then more.", "One two three.")
        let addedObject = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any], added)
        let body = try XCTUnwrap(addedObject["body"] as? String, added)
        XCTAssertEqual(addedObject["words"] as? Int, WordCount.of(body), added)
        XCTAssertGreaterThan(addedObject["words"] as? Int ?? 0, 0, added)
    }

    func testTrashListSaysHowManyWordsEachEntryHas() throws {
        try seedCounted()
        try succeed("delete", "3", "--yes")
        let trash = try succeed("trash", "list", "--json")
        XCTAssertEqual(wordsByTitle(try objects(trash)), ["Notes": 5], trash)
        // The trash keeps no count: a restored entry's is made again.
        try succeed("trash", "restore", "3")
        let list = try succeed("list", "--json")
        XCTAssertEqual(wordsByTitle(try objects(list)), ["Empty": 0, "Walk": 3, "Notes": 5], list)
    }

    /// The export carries the body, not its count, so that its own import (which refuses fields it
    /// does not know) reads it back, and export → import → export gives the same bytes.
    func testTheExportLeavesWordsOutAndImportsBackTheSame() throws {
        try seedCounted()
        for format in ["json", "jsonl"] {
            let export = try succeed("export", "--format", format)
            XCTAssertFalse(export.contains(#""words""#), export)
            let copy = directory.appendingPathComponent("copy-\(format).sqlite").path
            try succeed(
                "import", "-", "--format", format, input: Data(export.utf8), environment: ["ENTRIES_DATABASE": copy])
            XCTAssertEqual(
                try succeed("export", "--format", format, environment: ["ENTRIES_DATABASE": copy]), export, format)
            XCTAssertEqual(
                wordsByTitle(try objects(try succeed("list", "--json", environment: ["ENTRIES_DATABASE": copy]))),
                ["Empty": 0, "Walk": 3, "Notes": 5], format)
        }
    }
}
