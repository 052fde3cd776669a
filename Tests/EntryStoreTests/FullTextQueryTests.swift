@testable import EntryModel
@testable import SQLiteStore
import XCTest

/// Turning typed text into safe FTS5 queries.
final class FullTextQueryTests: XCTestCase {
    func testWordsAreQuotedAndTheLastIsAlsoAPrefix() {
        XCTAssertEqual(
            FullTextQuery("sqlite fu"), FullTextQuery(exact: "\"sqlite\" \"fu\"", prefix: "\"sqlite\" \"fu\"*"))
        XCTAssertEqual(FullTextQuery("one")?.prefix, "\"one\"*")
    }

    func testASingleCharacterLastWordIsNotAPrefix() {
        XCTAssertEqual(FullTextQuery("keys s"), FullTextQuery(exact: "\"keys\" \"s\"", prefix: nil))
        XCTAssertEqual(FullTextQuery("é")?.prefix, nil)
    }

    func testSyntaxCharactersNeverReachTheQuery() {
        XCTAssertEqual(FullTextQuery("\"AND\" (x OR y)* NEAR:z")?.prefix, nil)
        XCTAssertEqual(FullTextQuery("\"AND\" (x OR y)* NEAR:z")?.exact, "\"AND\" \"x\" \"OR\" \"y\" \"NEAR\" \"z\"")
        XCTAssertEqual(FullTextQuery("a\u{0}b\u{1B}cd")?.prefix, "\"a\" \"b\" \"cd\"*")
    }

    func testTextWithoutWordsHasNoQuery() {
        for text in ["", " ", "\"", "*", "()", "--", "\u{0}\u{1}", "…", "\u{200D}", "😀"] {
            XCTAssertNil(FullTextQuery(text), text.debugDescription)
        }
    }

    func testWordsAreSplitLikeTheUnicode61Tokenizer() {
        XCTAssertEqual(SearchTokens.words(in: "Café 42 日本語 e\u{301}t"), ["Café", "42", "日本語", "e\u{301}t"])
        // A zero-width joiner or a variation selector separates words, as in unicode61.
        XCTAssertEqual(
            SearchTokens.words(in: "a\u{200D}b x\u{FE0F}y snake_case"), ["a", "b", "x", "y", "snake", "case"])
    }
}
