@testable import EntryStore
import XCTest

/// How tags are normalized and packed into the display column.
final class TagListTests: XCTestCase {
    func testPackingRoundTripsAnyTags() {
        let cases: [[String]] = [
            [], ["a"], ["a", "b"], ["with space", "line\nbreak", "back\\slash", "\\n", "\\", "\n", "end\\"],
            ["\u{0}", "é", "🧪"],
        ]
        for tags in cases {
            XCTAssertEqual(TagList.decode(TagList.encode(tags)), tags, "\(tags)")
        }
    }

    func testNormalizingTrimsDropsEmptyAndDuplicateTagsKeepingOrder() {
        XCTAssertEqual(TagList.normalize([" b ", "a", "b", "", "\n", "A", "a "]), ["b", "a", "A"])
        XCTAssertEqual(TagList.normalize(["in side"]), ["in side"])
    }

    func testDecodingNeverFailsOnStrayBackslashes() {
        XCTAssertEqual(TagList.decode("a\\x\\"), ["a\\x\\"])
    }
}
