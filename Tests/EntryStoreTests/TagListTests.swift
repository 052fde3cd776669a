@testable import EntryModel
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
        XCTAssertEqual(TagList.normalize([" b ", "a", "b", "", "\n", "A", "a "]), ["b", "a"], "`A` repeats `a`")
        XCTAssertEqual(
            TagList.normalize(["Work", "work", "WORK", "Été", "été"]), ["Work", "Été"], "the first spelling wins")
        XCTAssertEqual(
            TagList.normalize((0..<40).map { "Tag\($0 % 20)" } + ["TAG3"]), (0..<20).map { "Tag\($0)" },
            "past the scan limit too")
        XCTAssertEqual(TagList.normalize(["in side"]), ["in side"])
    }

    func testDecodingNeverFailsOnStrayBackslashes() {
        XCTAssertEqual(TagList.decode("a\\x\\"), ["a\\x\\"])
    }

    // MARK: - Linear work (an entry with 200,000 tags)

    func testRepeatsAreFoundWithWorkThatGrowsWithTheCount() {
        // Doubling the tags at most about doubles the comparisons and hashes.
        let small = Self.operations(count: 2_000, TagList.firstOccurrences)
        let large = Self.operations(count: 4_000, TagList.firstOccurrences)
        XCTAssertLessThanOrEqual(
            Double(large), 2.5 * Double(small), "\(small) operations for 2,000 tags, \(large) for 4,000")
        XCTAssertEqual(TagList.normalize((0..<200_000).map { "t\($0 % 1_000)" }).count, 1_000)
        XCTAssertEqual(TagList.normalize([" b", "a", "b ", "a", "c"] + (0..<20).map { _ in "a" }), ["b", "a", "c"])
    }

    /// The check itself: the scan each tag used to do is caught as more than linear.
    func testTheOperationCountCatchesAScanPerTag() {
        let scanPerTag: ([CountedTag]) -> [CountedTag] = { items in
            var result: [CountedTag] = []
            for item in items where !result.contains(item) { result.append(item) }
            return result
        }
        let small = Self.operations(count: 2_000, scanPerTag)
        let large = Self.operations(count: 4_000, scanPerTag)
        XCTAssertGreaterThan(Double(large), 2.5 * Double(small))
    }

    /// Equality checks and hashes done to remove the repeats from `count` distinct tags.
    private static func operations(count: Int, _ unique: ([CountedTag]) -> [CountedTag]) -> Int {
        let counter = OperationCounter()
        let tags = (0..<count).map { CountedTag(value: $0, counter: counter) }
        XCTAssertEqual(unique(tags).count, count)
        return counter.count
    }
}

/// Counts the operations done on ``CountedTag``s.
private final class OperationCounter: @unchecked Sendable {
    var count = 0
}

/// A tag that counts every comparison and hash done on it.
private struct CountedTag: Hashable {
    let value: Int
    let counter: OperationCounter

    static func == (left: CountedTag, right: CountedTag) -> Bool {
        left.counter.count += 1
        return left.value == right.value
    }

    func hash(into hasher: inout Hasher) {
        counter.count += 1
        hasher.combine(value)
    }
}
