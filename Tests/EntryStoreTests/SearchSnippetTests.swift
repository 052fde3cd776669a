import EntryModel
import XCTest

/// The words around a search's first match, with the matches marked.
final class SearchSnippetTests: XCTestCase {
    private func snippet(_ body: String, _ query: String, more: String = "", width: Int = 40) throws -> SearchSnippet? {
        SearchSnippet.make(body: body, moreDetails: more, query: try SearchQueryParser().parse(query), width: width)
    }

    private func marked(_ snippet: SearchSnippet?) -> String? {
        guard let snippet else { return nil }
        var characters = Array(snippet.text)
        for range in snippet.highlights.reversed() {
            characters.insert("]", at: range.upperBound)
            characters.insert("[", at: range.lowerBound)
        }
        return String(characters)
    }

    func testTheMatchInContextWithItsWordsMarked() throws {
        XCTAssertEqual(
            marked(try snippet("We sowed red beans by the wall.\nRain later.", "beans")),
            "We sowed red [beans] by the wall. Rain…")
        XCTAssertEqual(
            marked(
                try snippet(
                    "Notes: " + String(repeating: "filler ", count: 20) + "then the Café opened and the cafe closed",
                    "cafe", width: 30)),
            "…then the [Café] opened and…")
        XCTAssertEqual(
            marked(try snippet("Meeting about meetings", "meet")), "[Meeting] about [meetings]",
            "the last word is a prefix")
        XCTAssertEqual(
            marked(try snippet("red beans, green beans", #""green beans" -red"#)), "red [beans], [green] [beans]")
    }

    func testMoreDetailsWhenTheBodyHasNoMatchAndNilWhenNeitherHas() throws {
        XCTAssertEqual(marked(try snippet("nothing here", "pelican", more: "a pelican flew")), "a [pelican] flew")
        XCTAssertNil(try snippet("nothing here", "pelican"), "the match was in the title or the tags")
        XCTAssertNil(try snippet("anything", "tag:python"), "nothing to look for in the text")
    }

    func testAHugeEntryIsReadOnlyAsFarAsTheBound() throws {
        let huge = String(repeating: "word ", count: 2_000_000) + "pelican"
        XCTAssertNil(try snippet(huge, "pelican"), "past the bound: no snippet rather than a scan of 10 MB")
        XCTAssertEqual(
            try snippet(String(repeating: "word ", count: 1_000) + "pelican", "pelican")?.highlights.count, 1,
            "past the first stretch, within the bound")
    }
}

/// The ASCII fast path of the phrase check agrees with the general one.
final class ASCIIPhraseScanTests: XCTestCase {
    func testPhrasesInASCIIText() {
        XCTAssertEqual(ASCIIPhraseScan.contains(["red", "beans"], in: "We sowed Red, beans today"), true)
        XCTAssertEqual(ASCIIPhraseScan.contains(["red", "beans"], in: "red green beans"), false)
        XCTAssertEqual(ASCIIPhraseScan.contains(["a", "a", "b"], in: "a a a b"), true, "a repeated first word")
        XCTAssertEqual(ASCIIPhraseScan.contains(["beans"], in: "no"), false)
        XCTAssertEqual(ASCIIPhraseScan.contains(["x1", "y"], in: "x1-y"), true)
        XCTAssertNil(ASCIIPhraseScan.contains(["cafe"], in: "Café"), "not ASCII: the general path folds it")
        XCTAssertNil(ASCIIPhraseScan.contains(["café"], in: "cafe"))
    }
}
