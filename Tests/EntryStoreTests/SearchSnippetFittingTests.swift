import EntryModel
import XCTest

/// A snippet cut to a narrow row around its first match, and the matches of a whole short text.
final class SearchSnippetFittingTests: XCTestCase {
    private func marked(_ snippet: SearchSnippet?) -> String? {
        guard let snippet else { return nil }
        var characters = Array(snippet.text)
        for range in snippet.highlights.reversed() {
            characters.insert("]", at: range.upperBound)
            characters.insert("[", at: range.lowerBound)
        }
        return String(characters)
    }

    func testANarrowRowKeepsTheMatchInSight() throws {
        let snippet = SearchSnippet(
            text: "one two three four five six seven eight nine ten eleven", highlights: [34..<39])  // "eight"
        XCTAssertEqual(marked(snippet.fitted(to: 20)), "…even [eight] nine te…")
        XCTAssertEqual(snippet.fitted(to: 20).text.count, 20)
        XCTAssertEqual(snippet.fitted(to: 80), snippet, "it fits: as it was")
        let atStart = SearchSnippet(text: "alpha beta gamma delta epsilon", highlights: [0..<5])
        XCTAssertEqual(marked(atStart.fitted(to: 12)), "[alpha] beta…")
    }

    func testEveryMatchOfAShortTextAtItsOwnOffsets() throws {
        let query = try SearchQueryParser().parse("garden pla")
        XCTAssertEqual(
            marked(SearchSnippet.highlighting("  Garden plans, the garden", query: query)),
            "  [Garden] [plans], the [garden]",
            "leading spaces kept: offsets are the text's own")
        XCTAssertNil(SearchSnippet.highlighting("nothing here", query: query))
        XCTAssertNil(
            SearchSnippet.highlighting("garden", query: try SearchQueryParser().parse("-garden tag:x")),
            "no word looked for")
    }
}
