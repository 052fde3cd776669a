import EntryModel
import XCTest

/// Text typed in one go becomes a title, a body and tags, as jrnl reads it.
final class QuickCaptureTests: XCTestCase {
    func testTheFirstSentenceIsTheTitleAndTrailingTagsOnlyTag() {
        assertDraft("Bought bread. @shopping", title: "Bought bread.", body: "", tags: ["shopping"])
        assertDraft("Bought bread @shopping @errands", title: "Bought bread", body: "", tags: ["shopping", "errands"])
        assertDraft("Met Ana at the @garden. We planted beans! Rain tomorrow.",
                    title: "Met Ana at the @garden.", body: "We planted beans! Rain tomorrow.", tags: ["garden"])
        assertDraft("Is it spring? The tulips say so.", title: "Is it spring?", body: "The tulips say so.", tags: [])
    }

    func testAFirstLineWithoutASentenceEndIsTheTitle() {
        assertDraft("Garden notes\nBeans in row 3.\n\nPeas next week @garden", title: "Garden notes",
                    body: "Beans in row 3.\n\nPeas next week", tags: ["garden"])
        assertDraft("  version 1.2 is out\n", title: "version 1.2 is out", body: "", tags: [])
    }

    func testWhatIsNotATag() {
        assertDraft("Wrote to me@example.com", title: "Wrote to me@example.com", body: "", tags: [])
        assertDraft("A lone @ sign and @@twice", title: "A lone @ sign and @@twice", body: "", tags: [])
        assertDraft("Dinner (with @family).", title: "Dinner (with @family).", body: "", tags: ["family"])
        assertDraft("Home at last @home.", title: "Home at last", body: "", tags: ["home"])
        assertDraft("Twice @a and @a", title: "Twice @a and", body: "", tags: ["a"])
    }

    func testOnlyTagsStayAsTheTitle() {
        assertDraft("@idea", title: "@idea", body: "", tags: ["idea"])
    }

    func testNothingButWhiteSpaceIsNoEntry() {
        XCTAssertNil(QuickCapture.draft(from: ""))
        XCTAssertNil(QuickCapture.draft(from: " \n\t "))
    }

    private func assertDraft(_ text: String, title: String, body: String, tags: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let draft = QuickCapture.draft(from: text) else { return XCTFail("no draft from \(text.debugDescription)", file: file, line: line) }
        XCTAssertEqual(draft.title, title, file: file, line: line)
        XCTAssertEqual(draft.body, body, file: file, line: line)
        XCTAssertEqual(draft.tags, tags, file: file, line: line)
    }
}
