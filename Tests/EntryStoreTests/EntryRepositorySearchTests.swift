import EntryModel
import XCTest

/// Full-text search, shared by both repositories: ranking, search-as-you-type, and odd input.
final class EntryRepositorySearchTests: XCTestCase {
    func testTitleMatchesRankBeforeBodyMatches() {
        forEachRepository { kind, entries in
            let inBody = try entries.insert(EntryDraft(title: "Groceries", body: "buy a pelican-shaped teapot"))
            let inTitle = try entries.insert(EntryDraft(title: "Pelican sightings", body: "by the river"))
            try entries.insert(EntryDraft(title: "Unrelated", body: "nothing to see"))
            XCTAssertEqual(try entries.search("pelican", limit: 10).map(\.id), [inTitle.id, inBody.id], "\(kind)")
        }
    }

    func testEveryWordMustMatchAndTheLastIsAPrefix() {
        forEachRepository { kind, entries in
            let both = try entries.insert(EntryDraft(title: "SQLite full-text search", body: "with FTS5"))
            try entries.insert(EntryDraft(title: "SQLite pages", body: "keyset"))
            XCTAssertEqual(try entries.search("sqlite sea", limit: 10).map(\.id), [both.id], "\(kind)")
            XCTAssertEqual(try entries.search("SQLITE FULL-TEXT", limit: 10).map(\.id), [both.id], "\(kind)")
            XCTAssertEqual(try entries.search("sqlite", limit: 10).count, 2, "\(kind)")
            XCTAssertEqual(try entries.search("sq", limit: 10).count, 2, "\(kind): typing the first letters finds them")
            XCTAssertEqual(try entries.search("qlite", limit: 10), [], "\(kind): a prefix, not a substring")
        }
    }

    func testSearchCoversBodyMoreDetailsAndTags() {
        forEachRepository { kind, entries in
            let body = try entries.insert(EntryDraft(title: "a", body: "xylophone"))
            let more = try entries.insert(EntryDraft(title: "b", moreDetails: "marimba"))
            let tagged = try entries.insert(EntryDraft(title: "c", tags: ["percussion"]))
            XCTAssertEqual(try entries.search("xylophone", limit: 5).map(\.id), [body.id], "\(kind)")
            XCTAssertEqual(try entries.search("marimba", limit: 5).map(\.id), [more.id], "\(kind)")
            XCTAssertEqual(try entries.search("percussion", limit: 5).map(\.id), [tagged.id], "\(kind)")
        }
    }

    func testCaseAndDiacriticsAreIgnored() {
        forEachRepository { kind, entries in
            let entry = try entries.insert(EntryDraft(title: "Café Crème"))
            XCTAssertEqual(try entries.search("cafe creme", limit: 5).map(\.id), [entry.id], "\(kind)")
            XCTAssertEqual(try entries.search("CAFÉ", limit: 5).map(\.id), [entry.id], "\(kind)")
        }
    }

    func testWordsAreSplitLikeTheFullTextTokenizerSplitsThem() {
        forEachRepository { kind, entries in
            let joined = try entries.insert(EntryDraft(title: "zero\u{200D}width and vari\u{FE0F}ation"))
            let accented = try entries.insert(EntryDraft(title: "re\u{301}sume\u{301}"))
            XCTAssertEqual(try entries.search("zero\u{200D}width", limit: 5).map(\.id), [joined.id], "\(kind)")
            XCTAssertEqual(try entries.search("width zero", limit: 5).map(\.id), [joined.id], "\(kind)")
            XCTAssertEqual(try entries.search("vari\u{FE0F}ation", limit: 5).map(\.id), [joined.id], "\(kind)")
            XCTAssertEqual(try entries.search("résumé", limit: 5).map(\.id), [accented.id], "\(kind)")
            XCTAssertEqual(try entries.search("resume", limit: 5).map(\.id), [accented.id], "\(kind)")
        }
    }

    func testSearchFollowsUpdatesAndRespectsTheLimit() {
        forEachRepository { kind, entries in
            var entry = try entries.insert(EntryDraft(title: "before"))
            entry.title = "after"
            try entries.update(entry)
            XCTAssertEqual(try entries.search("before", limit: 5), [], "\(kind)")
            XCTAssertEqual(try entries.search("after", limit: 5).map(\.id), [entry.id], "\(kind)")
            try entries.insert(contentsOf: (0..<30).map { EntryDraft(title: "many \($0)") }, progress: nil)
            XCTAssertEqual(try entries.search("many", limit: 7).count, 7, "\(kind)")
            XCTAssertEqual(try entries.search("many", limit: 0), [], "\(kind)")
        }
    }

    func testOddInputNeverThrowsAndEmptyInputFindsNothing() {
        forEachRepository { kind, entries in
            try entries.insert(EntryDraft(title: "AND OR NOT NEAR quote\"d (paren) star* col:on", body: "x"))
            let odd = [
                "", "   ", "\"", "\"\"", "'", "AND", "OR", "NOT", "NEAR", "NEAR(", "*", "**", "(", ")", "()", "-",
                "^", ":", "col:", "title:x", "a AND", "AND a", "\"unterminated", "\u{0}", "\u{1}\u{2}\u{1B}",
                "😀", "e\u{301}", "a\u{200D}b", "x\u{FE0F}y", "\u{1F469}\u{200D}\u{1F4BB}", "\u{F0000}p", "%", "_", "\\",
                "{", "[", "a\"b", "NOT NOT", "a*b", "-a", "+a", "a OR", "\n\t",
            ]
            for query in odd {
                XCTAssertNoThrow(try entries.search(query, limit: 10), "\(kind): \(query.debugDescription)")
            }
            for empty in ["", "   ", "\"", "*", "()", "\u{0}", "-", "\n\t"] {
                XCTAssertEqual(try entries.search(empty, limit: 10), [], "\(kind): \(empty.debugDescription)")
            }
            XCTAssertEqual(try entries.search("AND", limit: 10).count, 1, "\(kind): keywords are plain words")
            XCTAssertEqual(try entries.search("quote\"d", limit: 10).count, 1, "\(kind)")
            XCTAssertEqual(try entries.search("(paren)", limit: 10).count, 1, "\(kind)")
            XCTAssertEqual(try entries.search("col:on", limit: 10).count, 1, "\(kind)")
        }
    }

    /// Emoji and pictographic symbols are not words to the full-text index: a query of them only finds
    /// the entries containing it as it is, newest first, in every field. Other signs alone find nothing.
    func testSymbolsAreFoundAsTheyAre() {
        forEachRepository { kind, entries in
            let party = try entries.insert(EntryDraft(title: "emoji 🎉 café"))
            let twice = try entries.insert(EntryDraft(title: "party", body: "🎉🎉"))
            let star = try entries.insert(EntryDraft(title: "starred", tags: ["★"]))
            let umbrella = try entries.insert(EntryDraft(title: "weather", moreDetails: "rain ☂"))
            try entries.insert(EntryDraft(title: "plain"))
            XCTAssertEqual(try entries.search("🎉", limit: 10).map(\.id), [twice.id, party.id], "\(kind)")
            XCTAssertEqual(try entries.search(" 🎉 ", limit: 1).map(\.id), [twice.id], "\(kind): the limit holds")
            XCTAssertEqual(try entries.search("★", limit: 10).map(\.id), [star.id], "\(kind): tags too")
            XCTAssertEqual(try entries.search("☂", limit: 10).map(\.id), [umbrella.id], "\(kind): more details too")
            try entries.insert(EntryDraft(title: "cost", body: "12 € + $3"))
            for sign in ["€", "$", "+", "^", "<"] {
                XCTAssertEqual(try entries.search(sign, limit: 10), [], "\(kind): a sign alone starts no scan: \(sign)")
            }
            XCTAssertEqual(
                try entries.search("🎉 party", limit: 10).map(\.id), [twice.id],
                "\(kind): with a word, the word is searched")
            XCTAssertEqual(try entries.search("🙂", limit: 10), [], "\(kind)")
            XCTAssertEqual(try entries.search("\"", limit: 10), [], "\(kind): punctuation alone still finds nothing")
        }
    }
}
