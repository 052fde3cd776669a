import EntryModel
import Foundation
import XCTest

/// Every store keeps each entry's word count (`EntrySummary.words`, counted by `WordCount`) on every
/// way an entry is written: a list row reads it without the body. Each summary a store returns must
/// carry the count of the body it holds then.
final class EntryRepositoryWordCountTests: XCTestCase {
    private static let bodies = [
        "", "one", "  two words  ", "don't stop\u{00A0}now 2026-11-21", "漢字の日記 and\u{3000}more",
        "tab\tand\nnew line\u{1B}escape", String(repeating: "word ", count: 1_500),
    ]

    func testTheCountOfEveryWriteIsTheCountOfItsBody() {
        forEachRepository { kind, entries in
            var ids: [Int64] = []
            for (index, body) in Self.bodies.enumerated() {
                ids.append(try entries.insert(EntryDraft(title: "Single \(index)", body: body, tags: ["one"])).id)
            }
            try entries.insert(
                contentsOf: Self.bodies.enumerated().map { EntryDraft(title: "Bulk \($0.offset)", body: $0.element) },
                progress: nil)
            try entries.insert(
                batchesFrom: { write in
                    for body in Self.bodies { try write([EntryDraft(title: "Streamed", body: body)]) }
                }, progress: nil)
            try entries.apply(EntryChangeSet(inserts: [EntryDraft(title: "Changed", body: "three more words")]))
            try assertCountsMatchBodies(entries, "\(kind): inserted")

            // An edit that changes the body changes the count; one that does not keeps it.
            var edited = try XCTUnwrap(entries.entry(id: ids[1]))
            edited.body = "now it has five words"
            edited = try entries.update(edited)
            var retitled = try XCTUnwrap(entries.entry(id: ids[3]))
            retitled.title = "Only the title"
            try entries.update(retitled)
            var changed = try XCTUnwrap(entries.entry(id: ids[2]))
            changed.body = ""
            try entries.apply(EntryChangeSet(updates: [changed]))
            try assertCountsMatchBodies(entries, "\(kind): edited")
            XCTAssertEqual(
                try entries.page(PageRequest(order: .newest, limit: 100)).first { $0.id == ids[1] }?.words, 5)

            // The trash and back: the count comes back with the entry.
            try entries.delete(id: ids[6])
            try entries.restore(id: ids[6])
            try entries.renameTag("one", to: "two")
            try assertCountsMatchBodies(entries, "\(kind): restored and retagged")
            let restored = try entries.page(PageRequest(order: .newest, limit: 100)).first { $0.id == ids[6] }
            XCTAssertEqual(restored?.words, 1_500, "\(kind)")
        }
    }

    /// Every way a store hands out summaries: pages in each order, a tag filter, searches, links.
    private func assertCountsMatchBodies(
        _ entries: any EntryRepository, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let all = try entries.page(PageRequest(order: .newest, limit: 1_000))
        XCTAssertFalse(all.isEmpty, message, file: file, line: line)
        let stored = Dictionary(uniqueKeysWithValues: try entries.entries(ids: all.map(\.id)).map { ($0.id, $0) })
        var summaries = all
        for order in EntrySortOrder.allCases {
            summaries += try entries.page(PageRequest(order: order, limit: 1_000))
        }
        summaries += try entries.page(PageRequest(order: .title, filter: EntryFilter(tag: "one"), limit: 1_000))
        summaries += try entries.page(PageRequest(order: .title, filter: EntryFilter(tag: "two"), limit: 1_000))
        summaries += try entries.search("words", limit: 100)
        summaries += try entries.search(SearchRequest(query: "word", limit: 100)).results
        for summary in summaries {
            let body = try XCTUnwrap(stored[summary.id], message, file: file, line: line).body
            XCTAssertEqual(summary.words, WordCount.of(body), "\(message): entry \(summary.id)", file: file, line: line)
            XCTAssertEqual(summary, stored[summary.id]?.summary, message, file: file, line: line)
        }
    }

    func testTheDefinitionOfAWord() {
        XCTAssertEqual(WordCount.of(""), 0)
        XCTAssertEqual(WordCount.of("  \n\t "), 0)
        XCTAssertEqual(WordCount.of("one"), 1)
        XCTAssertEqual(WordCount.of(" don't  stop\u{00A0}now\n2026-11-21 "), 4)
        XCTAssertEqual(WordCount.of("漢字の日記 and\u{3000}more"), 3)
        XCTAssertEqual(WordCount.of("a\u{1B}b\u{7F}c\u{85}d"), 4, "control characters and NEL separate words")
        XCTAssertEqual(WordCount.of("e\u{301}te\u{301} café"), 2, "combining marks are inside a word")
    }
}
