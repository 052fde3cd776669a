import Foundation
@testable import EntryModel
import GRDB
@testable import SQLiteStore
import XCTest

/// Typing a prefix spells it out as the index's terms it starts (``PrefixCompletions``): the terms are
/// read from the index's pages (``IndexedTerms``), and the search finds and orders what the plain FTS5
/// prefix query (`"mee"*`, ranked the same way) finds, after every kind of write.
final class SQLitePrefixCompletionsTests: TemporaryDatabaseTestCase {
    // MARK: - The terms read from the index's pages

    func testTheTermsReadFromTheIndexPagesAreTheIndexVocabulary() throws {
        let database = try openDatabase()
        // Several transactions: several segments; long bodies: lists of entries over many pages.
        for batch in 0..<4 {
            try database.entries.insert(contentsOf: Self.drafts(500, seed: UInt64(batch + 1)), progress: nil)
        }
        for id in stride(from: 3, to: 400, by: 7) { try database.entries.delete(id: Int64(id)) }
        try database.entries.insert(EntryDraft(title: "Méêting Mœurs", body: "straße 日本語 mee"))
        try assertTermsMatchVocabulary(minimumSegments: 2, exact: false)
    }

    func testTheTermsOfOneSegmentWrittenInOneImport() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: Self.drafts(3_000, seed: 9), progress: nil)
        try assertTermsMatchVocabulary(minimumSegments: 1)
    }

    func testTooManyCompletionsGiveNoTerms() throws {
        let database = try openDatabase()
        let words = (0..<(PrefixCompletions.maximumCompletions + 1)).map { "zq" + Self.letters($0) }
        try database.entries.insert(contentsOf: words.map { EntryDraft(title: $0) }, progress: nil)
        try withConnection { db in
            XCTAssertNil(try IndexedTerms.starting(with: "zq", in: db, limit: PrefixCompletions.maximumCompletions))
            XCTAssertEqual(try IndexedTerms.starting(with: "zq", in: db, limit: 10_000)?.count, words.count)
            let match = try PrefixCompletions.match(try XCTUnwrap(FullTextQuery("zq")), text: "zq", in: db)
            XCTAssertEqual(match, .plain("\"zq\"*"), "too many completions: the prefix query stays")
        }
        XCTAssertEqual(try database.entries.search("zq", limit: 1_000).count, words.count)
    }

    func testAPrefixIsSpelledOutAsItsCompletions() throws {
        let database = try openDatabase()
        try database.entries.insert(EntryDraft(title: "Meeting", body: "garden meets méêt"))
        try withConnection { db in
            let match = try PrefixCompletions.match(
                try XCTUnwrap(FullTextQuery("garden MÉE")), text: "garden MÉE", in: db)
            XCTAssertEqual(
                match,
                PrefixCompletions(expression: "\"garden\" AND (\"meet\" OR \"meeting\" OR \"meets\")", groupedFrom: 1))
            let none = try PrefixCompletions.match(try XCTUnwrap(FullTextQuery("xy")), text: "xy", in: db)
            XCTAssertEqual(none, .plain("\"xy\"*"), "no completion: the prefix query, which finds nothing")
        }
    }

    // MARK: - The same results as the plain prefix query

    func testPrefixSearchesFindAndOrderWhatThePlainPrefixQueryDoes() throws {
        let database = try openDatabase { $0.searchRankingWindow = 300 }
        for batch in 0..<3 {
            try database.entries.insert(contentsOf: Self.drafts(600, seed: UInt64(batch + 20)), progress: nil)
        }
        try withConnection { db in
            for text in ["mee", "garden mee", "rin", "meeting ri"] {
                let match = try PrefixCompletions.match(try XCTUnwrap(FullTextQuery(text)), text: text, in: db)
                XCTAssertTrue(match.expression.contains(" OR "), "\(text) is spelled out: \(match.expression)")
            }
        }
        try assertSameResults(database, Self.queries)
    }

    func testEveryWriteKeepsTheResultsOfThePlainPrefixQuery() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: Self.drafts(400, seed: 5), progress: nil)
        let added = try database.entries.insert(
            EntryDraft(title: "meadowlark", body: "a melodious meander", tags: ["meta"]))
        try assertSameResults(database, ["mea", "melo", "met", "garden mea"])
        var edited = added
        edited.title = "memorandum"
        edited.body = "medley of mermaids"
        try database.entries.update(edited)
        try assertSameResults(database, ["mea", "mem", "med", "mer", "garden me"])
        XCTAssertEqual(try database.entries.search("memora", limit: 10).map(\.id), [added.id])
        XCTAssertEqual(try database.entries.search("meadowl", limit: 10), [], "edited away")
        try database.entries.delete(id: added.id)
        XCTAssertEqual(try database.entries.search("memora", limit: 10), [], "trashed")
        try assertSameResults(database, ["mem", "med"])
        try database.entries.restore(id: added.id)
        XCTAssertEqual(try database.entries.search("memora", limit: 10).map(\.id), [added.id], "restored")
        try assertSameResults(database, ["mem", "med", "mer"])
        for id in stride(from: 1, to: 200, by: 3) { try database.entries.delete(id: Int64(id)) }
        try assertSameResults(database, Self.queries)
    }

    func testPrefixesWithQuotesSymbolsAndAccents() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: Self.drafts(300, seed: 7), progress: nil)
        try database.entries.insert(
            contentsOf: [
                EntryDraft(title: "Méêting at the Café", body: "l'été \"quoted\" meé"),
                EntryDraft(title: "Straße", body: "日本語のテキスト and ÆSIR æsir"),
                EntryDraft(title: "O'Mealy", body: "mee\"t *me* AND (me OR NEAR)"),
            ], progress: nil)
        let queries = [
            "\"mé", "mee\"", "MÉE*", "o'me", "(me", "caf", "CAFÉ", "stra", "日本", "æs", "qu\"ot", "me AND", "NEAR me",
        ]
        try assertSameResults(database, queries)
        XCTAssertEqual(
            try database.entries.search("\"mé", limit: 100).count, try database.entries.search("mee", limit: 100).count)
        XCTAssertEqual(try database.entries.search("CAFÉ", limit: 10).map(\.title), ["Méêting at the Café"])
    }

    func testSearchPagesOfAPrefixFollowThePlainPrefixQuery() throws {
        let database = try openDatabase()
        try database.entries.insert(contentsOf: Self.drafts(500, seed: 11), progress: nil)
        for query in ["mee", "garden me", "ri"] {
            let expected = try referenceSearch(query, window: 5_000, limit: 120)
            var found: [Int64] = []
            var request = SearchRequest(query: query, limit: 40)
            while found.count < 120 {
                let page = try database.entries.search(request)
                found += page.results.map(\.id)
                guard let next = page.next else { break }
                request.anchor = next
            }
            XCTAssertEqual(Array(found.prefix(120)), expected, query)
        }
    }

    // MARK: - Helpers

    /// Two- and three-letter prefixes of the generated words, alone and after a whole word.
    static let queries = [
        "me", "mee", "mel", "ri", "rin", "pra", "an", "ga", "garden me", "garden mee", "meeting ri", "ab", "zz",
    ]

    private func assertSameResults(
        _ database: EntryDatabase, _ queries: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let window = Int64(database.entries.searchRankingWindow)
        for query in queries {
            for limit in [5, 50] {
                let found = try database.entries.search(query, limit: limit).map(\.id)
                XCTAssertEqual(
                    found, try referenceSearch(query, window: window, limit: limit), "\(query), first \(limit)",
                    file: file, line: line)
            }
        }
    }

    /// The search as it was before the prefix was spelled out: the plain FTS5 prefix query, its
    /// newest `window` matches ranked by `entries_rank`; the whole word instead when it fills the window.
    private func referenceSearch(_ text: String, window: Int64, limit: Int) throws -> [Int64] {
        guard let fullText = FullTextQuery(SearchTokens.words(in: text).joined(separator: " ")),
            let prefix = fullText.prefix
        else {
            XCTFail("\(text) has no prefix")
            return []
        }
        return try withConnection { db in
            let exactCount =
                try Int64.fetchOne(
                    db, sql: "SELECT count(*) FROM (SELECT 1 FROM entryFTS WHERE entryFTS MATCH ? LIMIT ?)",
                    arguments: [fullText.exact, window]) ?? 0
            let match = window > 0 && exactCount >= window ? fullText.exact : prefix
            return try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM (
                        SELECT rowid AS id, entries_rank(entryFTS) AS score FROM entryFTS
                        WHERE entryFTS MATCH ? ORDER BY rowid DESC LIMIT ?
                    ) ORDER BY score, id DESC LIMIT ?
                    """, arguments: [match, window > 0 ? window : -1, limit])
        }
    }

    private func assertTermsMatchVocabulary(
        minimumSegments: Int, exact: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try withConnection { db in
            let segments = try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM entryFTS_idx") ?? 0
            XCTAssertGreaterThanOrEqual(segments, minimumSegments, file: file, line: line)
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, entryFTS, row)")
            let vocabulary = try String.fetchAll(db, sql: "SELECT term FROM temp.vocabulary ORDER BY term")
            XCTAssertGreaterThan(vocabulary.count, 300, file: file, line: line)
            var prefixes = Set<String>()
            for term in vocabulary {
                for length in 1...3 where term.count >= length { prefixes.insert(String(term.prefix(length))) }
            }
            prefixes.formUnion(["zz", "a", "ä", "日"])
            for prefix in prefixes {
                let expected = vocabulary.filter { $0.utf8.starts(with: prefix.utf8) }
                let found = try XCTUnwrap(
                    IndexedTerms.starting(with: prefix, in: db, limit: 100_000), prefix, file: file, line: line)
                // A term stays in its segment after its last entry goes (until segments merge): such
                // a term may be found too, and matches nothing.
                XCTAssertTrue(Set(expected).isSubset(of: found), prefix, file: file, line: line)
                for stale in found where !expected.contains(stale) {
                    let matches = try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM entryFTS WHERE entryFTS MATCH ?", arguments: ["\"\(stale)\""])
                    XCTAssertEqual(matches, 0, stale, file: file, line: line)
                }
                if exact { XCTAssertEqual(found, expected, prefix, file: file, line: line) }
            }
        }
    }

    /// A connection of its own on the test's database, with the ranking function.
    private func withConnection<T>(_ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: databasePath)
        return try queue.inDatabase { db in
            try EntryRankFunction.register(db)
            return try body(db)
        }
    }

    /// `count` entries of words made of syllables (many sharing their first letters), some with
    /// accents or capitals, in every column, from a fixed seed.
    static func drafts(_ count: Int, seed: UInt64) -> [EntryDraft] {
        var random = seed &* 6364136223846793005 &+ 1442695040888963407
        func next(_ bound: Int) -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int((random >> 33) % UInt64(bound))
        }
        let syllables = [
            "me", "e", "ting", "ri", "nu", "pra", "an", "lo", "ga", "den", "el", "mé", "Mee", "ka", "sa", "to",
        ]
        func word() -> String {
            if next(6) == 0 { return ["garden", "meeting", "the", "a"][next(4)] }
            return (0...next(3)).map { _ in syllables[next(syllables.count)] }.joined()
        }
        func words(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }
        return (0..<count).map { _ in
            EntryDraft(
                title: words(1 + next(4)), body: words(10 + next(40)), moreDetails: next(3) == 0 ? words(5) : "",
                tags: next(4) == 0 ? [word()] : [])
        }
    }

    /// "a", "b", …, "z", "ba", … : distinct letters-only suffixes.
    static func letters(_ number: Int) -> String {
        var number = number
        var text = ""
        repeat {
            text = String(UnicodeScalar(UInt8(97 + number % 26))) + text
            number /= 26
        } while number > 0
        return text
    }
}

/// A leaf page from someone else's file: any bytes, never a crash, never a read past the page.
final class SQLiteIndexedTermsHostilePageTests: XCTestCase {
    func testPagesThatDoNotParseGiveNothingInsteadOfACrash() {
        // Header: rowid offset 0, footer at 4; the footer's varint says where the first term starts.
        let huge: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // 2^64 - 1
        let pages: [[UInt8]] = [
            [], [0, 0], [0, 0, 0, 9],  // too short; footer past the end
            [0, 0, 0, 4] + huge,  // a term offset of 2^64 - 1
            [0, 0, 0, 6] + [0x7F, 0x7F] + [4],  // a first term longer than the page
            [0, 0, 0, 7] + [1, 0x61, 0x62] + [4] + huge,  // a second offset of 2^64 - 1
        ]
        for page in pages {
            XCTAssertNil(LeafTerms.terms(in: Data(page)), "\(page)")
        }
        // A well-formed page with two terms: "ab", then "ac" (1 byte shared with "ab", then "c").
        let good: [UInt8] = [0, 0, 0, 10] + [2, 0x61, 0x62] + [1, 1, 0x63] + [4, 3]
        XCTAssertEqual(LeafTerms.terms(in: Data(good)), [Data("ab".utf8), Data("ac".utf8)])
        // The second term claims more shared bytes than the first has.
        let shared: [UInt8] = [0, 0, 0, 10] + [2, 0x61, 0x62] + [9, 1, 0x63] + [4, 3]
        XCTAssertNil(LeafTerms.terms(in: Data(shared)))
    }

    func testRandomPagesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let count = Int.random(in: 0..<64, using: &generator)
            var page = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if page.count >= 4 {
                page[2] = 0; page[3] = UInt8(min(page.count, Int.random(in: 4...20, using: &generator)))
            }
            _ = LeafTerms.terms(in: Data(page))
        }
    }
}
