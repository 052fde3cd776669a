import EntryModel
import Foundation
import XCTest

/// The query language read into a ``SearchQuery``, and its mistakes as messages.
final class SearchQueryParserTests: XCTestCase {
    private let parser = SearchQueryParser(dates: DatePhraseReader(
        now: Date(timeIntervalSince1970: 1_717_594_200),  // Wednesday 5 June 2024, 13:30 UTC
        timeZone: TimeZone(identifier: "UTC")!))

    func testPlainWordsTheLastAPrefix() throws {
        let query = try parser.parse("garden bea")
        XCTAssertEqual(query.required, [[.word("garden", prefix: false)], [.word("bea", prefix: true)]])
        XCTAssertTrue(query.isPlainWords)
        XCTAssertEqual(try parser.parse("garden b").required.last, [.word("b", prefix: false)], "one letter is no prefix")
    }

    func testPhrasesExclusionsAlternativesAndQualifiers() throws {
        let query = try parser.parse(#"garden "red beans" -slugs -"slug pellets" tomato OR Pepper tag:@allotment date:2024-06"#)
        XCTAssertEqual(query.required, [
            [.word("garden", prefix: false)],
            [.phrase(["red", "beans"])],
            [.word("tomato", prefix: false), .word("Pepper", prefix: true)],
        ])
        XCTAssertEqual(query.excluded, [.word("slugs", prefix: false), .phrase(["slug", "pellets"])])
        XCTAssertEqual(query.tags, ["allotment"])
        let june = try XCTUnwrap(query.created)
        XCTAssertEqual(june.start, ISO8601DateFormatter().date(from: "2024-06-01T00:00:00Z"))
        XCTAssertEqual(june.end, ISO8601DateFormatter().date(from: "2024-07-01T00:00:00Z"))
        XCTAssertFalse(query.isPlainWords)
    }

    func testQuotedDatePhrasesAndQualifiersAlone() throws {
        let lastWeek = try XCTUnwrap(try parser.parse(#"date:"last week""#).created)
        XCTAssertEqual(lastWeek.start, ISO8601DateFormatter().date(from: "2024-05-27T00:00:00Z"))
        XCTAssertEqual(try parser.parse("tag:python -draft").required, [])
        XCTAssertEqual(try parser.parse("TAG:python").tags, ["python"])
        XCTAssertEqual(try parser.parse("or and").required.count, 2, "lower-case or is a word")
        XCTAssertEqual(try parser.parse("post -e-mail").excluded, [.phrase(["e", "mail"])])
    }

    func testSymbolsNeverReachTheQuerySyntax() throws {
        let query = try parser.parse(#"NEAR(a b) * ^col: {x} AND"#)
        XCTAssertEqual(query.required.flatMap { $0.flatMap(\.words) }, ["NEAR", "a", "b", "col", "x", "AND"])
    }

    func testMistakesAreClearMessages() {
        assertError(#""red beans"#, #"the quote at character 1 is not closed: add a " after the phrase"#)
        assertError("garden - slugs", #"a lone "-" leaves nothing out: write it before a word, as in -slugs"#)
        assertError("garden -", #"a lone "-" leaves nothing out: write it before a word, as in -slugs"#)
        assertError("OR pepper", "OR needs a word to look for on each side, as in tomato OR pepper")
        assertError("tomato OR", "OR needs a word to look for on each side, as in tomato OR pepper")
        assertError("tomato OR OR pepper", "OR needs a word to look for on each side, as in tomato OR pepper")
        assertError("tomato OR -pepper", "OR needs a word to look for on each side, as in tomato OR pepper")
        assertError("-slugs", "a search needs something to look for besides what it leaves out")
        assertError("tag:", "tag: needs a tag, as in tag:python")
        assertError("date:", #"date: needs a date, as in date:2024-06 or date:"last week""#)
        assertError("date:las", #"date: cannot read "las" as a date"#)
        assertError("date:2024 date:2023", "date: can be given once")
        assertError("-tag:x", #"tag: cannot be excluded with "-""#)
    }

    func testLenientReadingForSearchAsYouType() {
        let dates = parser.dates
        XCTAssertEqual(SearchQueryParser.lenientQuery(#"garden "red bea"#, dates: dates)?.required,
                       [[.word("garden", prefix: false)], [.phrase(["red", "bea"])]])
        XCTAssertEqual(SearchQueryParser.lenientQuery("tomato OR", dates: dates)?.required, [[.word("tomato", prefix: true)]])
        XCTAssertEqual(SearchQueryParser.lenientQuery("OR OR tomato", dates: dates)?.required, [[.word("tomato", prefix: true)]])
        XCTAssertEqual(SearchQueryParser.lenientQuery("garden - tag:", dates: dates)?.required, [[.word("garden", prefix: true)]])
        XCTAssertEqual(SearchQueryParser.lenientQuery("garden -tag:x", dates: dates)?.tags, ["x"])
        XCTAssertNil(SearchQueryParser.lenientQuery("garden date:las", dates: dates), "an unreadable date finds nothing")
        XCTAssertNil(SearchQueryParser.lenientQuery("-slugs", dates: dates), "only words to leave out find nothing")
        XCTAssertEqual(SearchQueryParser.lenientQuery("", dates: dates), SearchQuery())
    }

    private func assertError(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let query = try parser.parse(text)
            XCTFail("\(text.debugDescription) was read as \(query)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.message, message, file: file, line: line)
        }
    }
}
