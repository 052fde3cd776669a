@testable import EntryStore
import XCTest

/// Turning typed text into a safe FTS5 query.
final class FullTextQueryTests: XCTestCase {
    func testWordsAreQuotedAndTheLastIsAPrefix() {
        XCTAssertEqual(FullTextQuery.matchExpression(for: "sqlite fu"), "\"sqlite\" \"fu\"*")
        XCTAssertEqual(FullTextQuery.matchExpression(for: "one"), "\"one\"*")
    }

    func testSyntaxCharactersNeverReachTheQuery() {
        XCTAssertEqual(FullTextQuery.matchExpression(for: "\"AND\" (x OR y)* NEAR:z"), "\"AND\" \"x\" \"OR\" \"y\" \"NEAR\" \"z\"*")
        XCTAssertEqual(FullTextQuery.matchExpression(for: "a\u{0}b\u{1B}c"), "\"a\" \"b\" \"c\"*")
    }

    func testTextWithoutWordsHasNoQuery() {
        for text in ["", " ", "\"", "*", "()", "--", "\u{0}\u{1}", "…"] {
            XCTAssertNil(FullTextQuery.matchExpression(for: text), text.debugDescription)
        }
    }

    func testLettersAndDigitsOfAnyScriptAreWords() {
        XCTAssertEqual(SearchTokens.words(in: "Café 42 日本語 e\u{301}t"), ["Café", "42", "日本語", "e\u{301}t"])
    }
}
