import EntryModel
import Foundation
import XCTest

/// The query language read into a ``SearchQuery``, and its mistakes as messages.
final class SearchQueryParserTests: XCTestCase {
    private let parser = SearchQueryParser(
        dates: DatePhraseReader(
            now: Date(timeIntervalSince1970: 1_717_594_200),  // Wednesday 5 June 2024, 13:30 UTC
            timeZone: TimeZone(identifier: "UTC")!))

    func testPlainWordsTheLastAPrefix() throws {
        let query = try parser.parse("garden bea")
        XCTAssertEqual(query.required, [[.word("garden", prefix: false)], [.word("bea", prefix: true)]])
        XCTAssertTrue(query.isPlainWords)
        XCTAssertEqual(
            try parser.parse("garden b").required.last, [.word("b", prefix: false)], "one letter is no prefix")
    }

    func testPhrasesExclusionsAlternativesAndQualifiers() throws {
        let query = try parser.parse(
            #"garden "red beans" -slugs -"slug pellets" tomato OR Pepper tag:@allotment date:2024-06"#)
        XCTAssertEqual(
            query.required,
            [
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
        assertError(
            "OR pepper",
            "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home")
        assertError(
            "tomato OR",
            "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home")
        assertError(
            "tomato OR OR pepper",
            "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home")
        assertError(
            "tomato OR -pepper",
            "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home")
        assertError("-slugs", "a search needs something to look for besides what it leaves out")
        assertError("tag:", "tag: needs a tag, as in tag:python")
        assertError("date:", #"date: needs a date, as in date:2024-06 or date:"last week""#)
        assertError("date:las", #"date: cannot read "las" as a date"#)
        assertError("date:2024 date:2023", "date: can be given once")
        assertError("-date:2024", #"date: cannot be excluded with "-""#)
        assertError(
            "tag:a OR garden",
            "OR joins two words or two tags, as in tomato OR pepper, or tag:work OR tag:home; not a word and a tag")
        assertError(
            "tag:a OR -tag:b",
            "OR needs a word or a tag to look for on each side, as in tomato OR pepper, or tag:work OR tag:home")
    }

    func testTagsLeftOutAndTagAlternatives() throws {
        let query = try parser.parse("garden -tag:Draft tag:work OR tag:home OR tag:@trip tag:python -tag:draft")
        XCTAssertEqual(query.excludedTags, ["Draft"], "one tag left out, whatever its case")
        XCTAssertEqual(query.tagAlternatives, [["work", "home", "trip"]])
        XCTAssertEqual(query.tags, ["python"])
        XCTAssertEqual(
            query.required, [[.word("garden", prefix: true)]], "qualifiers after the last word leave it a prefix")
        XCTAssertFalse(query.isPlainWords)
        XCTAssertEqual(try parser.parse("tag:work OR tag:WORK").tags, ["work"], "two spellings of one tag are one tag")
        XCTAssertEqual(try parser.parse("-tag:draft").excludedTags, ["draft"], "a tag left out is a search of its own")
        XCTAssertTrue(query.admitsTags(["Home", "Python"]))
        XCTAssertFalse(query.admitsTags(["home", "python", "DRAFT"]))
        XCTAssertFalse(query.admitsTags(["python"]))
        XCTAssertEqual(
            SearchQueryParser.lenientQuery("tag:a OR garden", dates: parser.dates)?.tags, ["a"],
            "the OR is skipped while typing")
        XCTAssertEqual(SearchQueryParser.lenientQuery("tag:a OR", dates: parser.dates)?.tags, ["a"])
    }

    func testLenientReadingForSearchAsYouType() {
        let dates = parser.dates
        XCTAssertEqual(
            SearchQueryParser.lenientQuery(#"garden "red bea"#, dates: dates)?.required,
            [[.word("garden", prefix: false)], [.phrase(["red", "bea"])]])
        XCTAssertEqual(
            SearchQueryParser.lenientQuery("tomato OR", dates: dates)?.required, [[.word("tomato", prefix: true)]])
        XCTAssertEqual(
            SearchQueryParser.lenientQuery("OR OR tomato", dates: dates)?.required, [[.word("tomato", prefix: true)]])
        XCTAssertEqual(
            SearchQueryParser.lenientQuery("garden - tag:", dates: dates)?.required, [[.word("garden", prefix: true)]])
        XCTAssertEqual(SearchQueryParser.lenientQuery("garden -tag:x", dates: dates)?.excludedTags, ["x"])
        XCTAssertNil(
            SearchQueryParser.lenientQuery("garden date:las", dates: dates), "an unreadable date finds nothing")
        XCTAssertNil(SearchQueryParser.lenientQuery("-slugs", dates: dates), "only words to leave out find nothing")
        XCTAssertEqual(SearchQueryParser.lenientQuery("", dates: dates), SearchQuery())
    }

    /// A `date:` phrase counting back a negative number is an unreadable date, strict or lenient (search as
    /// you type reads every key): it stopped the program ("-9223372036854775808 days ago") or made a span
    /// that ends before it begins, so the search found nothing without a word why.
    func testADateCountingBackANegativeNumberIsRefused() {
        let dates = parser.dates
        assertError(
            #"date:"-3 days ago""#,
            #"date: cannot read "-3 days ago" as a date: the number of days ago must be from 0 to 100000"#)
        XCTAssertNil(SearchQueryParser.lenientQuery(#"tea date:"-100000000000000 days ago""#, dates: dates))
        XCTAssertNil(SearchQueryParser.lenientQuery(#"tea date:"-9223372036854775808 days ago""#, dates: dates))
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
