import EntryModel
import Foundation
import XCTest

/// Text typed in one go becomes a title, a body and tags, as jrnl reads it.
final class QuickCaptureTests: XCTestCase {
    func testTheFirstSentenceIsTheTitleAndTrailingTagsOnlyTag() {
        assertDraft("Bought bread. @shopping", title: "Bought bread.", body: "", tags: ["shopping"])
        assertDraft("Bought bread @shopping @errands", title: "Bought bread", body: "", tags: ["shopping", "errands"])
        assertDraft(
            "Met Ana at the @garden. We planted beans! Rain tomorrow.",
            title: "Met Ana at the @garden.", body: "We planted beans! Rain tomorrow.", tags: ["garden"])
        assertDraft("Is it spring? The tulips say so.", title: "Is it spring?", body: "The tulips say so.", tags: [])
    }

    func testAFirstLineWithoutASentenceEndIsTheTitle() {
        assertDraft(
            "Garden notes\nBeans in row 3.\n\nPeas next week @garden", title: "Garden notes",
            body: "Beans in row 3.\n\nPeas next week", tags: ["garden"])
        assertDraft("  version 1.2 is out\n", title: "version 1.2 is out", body: "", tags: [])
    }

    func testWhatIsNotATag() {
        assertDraft("Wrote to me@example.com", title: "Wrote to me@example.com", body: "", tags: [])
        assertDraft("A lone @ sign and @@twice", title: "A lone @ sign and @@twice", body: "", tags: [])
        assertDraft("Dinner (with @family).", title: "Dinner (with @family).", body: "", tags: ["family"])
        assertDraft("Home at last @home.", title: "Home at last", body: "", tags: ["home"])
        assertDraft("Twice @a and @a", title: "Twice @a and", body: "", tags: ["a"])
        // A tag starts with a letter, a digit or `_`: an `@` before punctuation names nothing (a
        // version string's `@(#)`, `@-`, `@"`), as jrnl, whose tags are word characters, finds none
        // in `@(#)` either.
        assertDraft("RCS: @(#) strftime.c", title: "RCS: @(#) strftime.c", body: "", tags: [])
        assertDraft("Odd @- and @\"quoted\" and @[x]", title: "Odd @- and @\"quoted\" and @[x]", body: "", tags: [])
        assertDraft(
            "Kept @café, @2026 and @_x", title: "Kept @café, @2026 and", body: "", tags: ["café", "2026", "_x"])
    }

    func testOnlyTagsStayAsTheTitle() {
        assertDraft("@idea", title: "@idea", body: "", tags: ["idea"])
    }

    func testNothingButWhiteSpaceIsNoEntry() {
        XCTAssertNil(QuickCapture.draft(from: ""))
        XCTAssertNil(QuickCapture.draft(from: " \n\t "))
    }

    private func assertDraft(
        _ text: String, title: String, body: String, tags: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let draft = QuickCapture.draft(from: text) else {
            return XCTFail("no draft from \(text.debugDescription)", file: file, line: line)
        }
        XCTAssertEqual(draft.title, title, file: file, line: line)
        XCTAssertEqual(draft.body, body, file: file, line: line)
        XCTAssertEqual(draft.tags, tags, file: file, line: line)
    }
}

/// A new entry's template: {date} and {time} filled in the zone, tags on the Tags line.
final class NewEntryTemplateTests: XCTestCase {
    func testPlaceholdersAndTags() throws {
        let now = Date(timeIntervalSince1970: 1_717_594_200)  // 2024-06-05 13:30 UTC
        let template = NewEntryTemplate(body: "## {date} {time}\n{unknown} stays")
        XCTAssertEqual(
            template.filledBody(now: now, timeZone: TimeZone(identifier: "Asia/Tokyo")!),
            "## 2024-06-05 22:30\n{unknown} stays")
        let text = template.editorText(tags: ["work"], now: now, timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(
            try EntryTextFormat.parse(text.replacingOccurrences(of: "Title: \n", with: "Title: T\n")),
            EntryDraft(title: "T", body: "## 2024-06-05 13:30\n{unknown} stays", tags: ["work"]))
    }

    // MARK: - jrnl's marks at the start

    /// 2024-06-05 12:00 UTC, a Wednesday.
    private let reader = DatePhraseReader(
        now: Date(timeIntervalSince1970: 1_717_588_800), timeZone: TimeZone(identifier: "UTC") ?? .current)

    private func created(_ text: String) -> String? {
        QuickCapture.draft(from: text, dates: reader)?.createdAt.map {
            DateStyle.iso.format($0, timeZone: reader.timeZone)
        }
    }

    func testADatePhraseAndAColonAtTheStartDateTheEntry() {
        let draft = QuickCapture.draft(from: "yesterday: Called mum. @family", dates: reader)
        XCTAssertEqual(draft?.title, "Called mum.")
        XCTAssertEqual(draft?.tags, ["family"])
        XCTAssertEqual(created("yesterday: Called mum."), "2024-06-04 12:00")
        XCTAssertEqual(created("2024-06-03 14:00: Dentist."), "2024-06-03 14:00")
        XCTAssertEqual(created("last friday at 9pm: Pub quiz."), "2024-05-31 21:00")
        XCTAssertEqual(draft?.updatedAt, draft?.createdAt)
        // Not a date: the text stays whole and undated.
        XCTAssertEqual(QuickCapture.draft(from: "Note: buy milk", dates: reader)?.title, "Note: buy milk")
        XCTAssertNil(created("Note: buy milk"))
        XCTAssertNil(created("Meeting at 14:00 went long."))
        // Without a reader (imports), nothing is read off the text.
        XCTAssertEqual(QuickCapture.draft(from: "yesterday: Called mum.")?.title, "yesterday: Called mum.")
    }

    func testAStarAtTheStartOrBeforeTheColonStarsTheEntry() {
        XCTAssertEqual(QuickCapture.draft(from: "* Best day of the year.", dates: reader)?.starred, true)
        XCTAssertEqual(
            QuickCapture.draft(from: "* Best day of the year.", dates: reader)?.title, "Best day of the year.")
        let both = QuickCapture.draft(from: "yesterday *: Best day.", dates: reader)
        XCTAssertEqual([both?.title, both?.starred.description], ["Best day.", "true"])
        XCTAssertEqual(created("*yesterday: Best day."), "2024-06-04 12:00")
        XCTAssertEqual(QuickCapture.draft(from: "Best * day.", dates: reader)?.starred, false)
        XCTAssertNil(QuickCapture.draft(from: "*", dates: reader), "a star alone is no entry")
    }

    func testAStarWithItsColonAloneStarsTheEntryAndLeavesTheText() {
        let draft = QuickCapture.draft(from: "*: Best day of my life.", dates: reader)
        XCTAssertEqual([draft?.title, draft?.starred.description], ["Best day of my life.", "true"])
        XCTAssertNil(created("*: Best day of my life."))
    }

    func testAStarEndingTheFirstLineStarsTheEntryAsJrnlDoes() {
        for (text, title) in [
            ("Best day of my life. *", "Best day of my life."), ("Best day of my life.*", "Best day of my life."),
            ("Quick note *", "Quick note"), ("Shipped it! *", "Shipped it!"),
            ("Great day with @family *", "Great day with"),
        ] {
            let draft = QuickCapture.draft(from: text, dates: reader)
            XCTAssertEqual(draft?.title, title, text)
            XCTAssertEqual(draft?.starred, true, text)
        }
        let dated = QuickCapture.draft(from: "yesterday: Called mum. *", dates: reader)
        XCTAssertEqual([dated?.title, dated?.starred.description], ["Called mum.", "true"])
        XCTAssertEqual(created("yesterday: Called mum. *"), "2024-06-04 12:00")
        // Only the first line's end: a body's last `*` is text.
        let body = QuickCapture.draft(from: "Title\nbody ends with *", dates: reader)
        XCTAssertEqual([body?.title, body?.body, body?.starred.description], ["Title", "body ends with *", "false"])
        let first = QuickCapture.draft(from: "Title *\nbody", dates: reader)
        XCTAssertEqual([first?.title, first?.body, first?.starred.description], ["Title", "body", "true"])
    }

    func testMarkdownEmphasisAtTheEndOfTheFirstLineIsNoStar() {
        for text in ["A *good* day", "A day **very well spent**", "2*3", "Note: *important*"] {
            let draft = QuickCapture.draft(from: text, dates: reader)
            XCTAssertEqual(draft?.starred, false, text)
            XCTAssertEqual(draft?.title, text, text)
        }
    }
}
