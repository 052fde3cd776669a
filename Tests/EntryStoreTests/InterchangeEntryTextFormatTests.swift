import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeEntryTextFormatTests: XCTestCase {
    func testRenderWritesHeadersBodySeparatorAndMoreDetails() {
        let draft = EntryDraft(
            title: "Standup notes", body: "Line one\nLine two", moreDetails: "Extra", tags: ["work", "daily"])
        XCTAssertEqual(
            EntryTextFormat.render(draft),
            """
            Title: Standup notes
            Tags: work, daily

            Line one
            Line two
            --- more details ---
            Extra

            """)
        XCTAssertEqual(EntryTextFormat.render(EntryDraft(title: "t")), "Title: t\nTags: \n\n\n--- more details ---\n")
    }

    func testParseGivesBackWhatRenderWroteExactly() throws {
        let separator = EntryTextFormat.separator
        let cases: [EntryDraft] = [
            EntryDraft(title: "t"),
            EntryDraft(title: "Standup", body: "b", moreDetails: "m", tags: ["a", "b"]),
            EntryDraft(title: " leading and trailing spaces ", body: "\n", moreDetails: "\n"),
            EntryDraft(title: "two\nlines\r\nand CR\r", body: "body\r\n", moreDetails: "more\r"),
            EntryDraft(
                title: #"C:\temp\new \\ \n literal, and a trailing \"#,
                tags: [#"back\slash"#, #"ends\"#, "com,ma", "new\nline"]),
            EntryDraft(
                title: "separators", body: "\(separator)\n\\\(separator)\n\\\\\(separator)\r\nend\n\(separator)",
                moreDetails: "\(separator)\nin more details too\n\n"),
            EntryDraft(
                title: "Tricky", body: InterchangeFixtures.trickyText, moreDetails: InterchangeFixtures.trickyText,
                tags: ["émoji🎉", "tab\tinside"]),
            EntryDraft(title: "only more", moreDetails: "x"),
            EntryDraft(title: "Title: inside", body: "Tags: not a header\n\n"),
            EntryDraft(title: #"a \, b \@ c"#, tags: ["@spelt with its at", #"\@x"#, "mid@dle"]),
        ]
        for draft in cases {
            let text = EntryTextFormat.render(draft)
            let parsed = try EntryTextFormat.parse(text)
            XCTAssertEqual(Array(parsed.title.utf8), Array(draft.title.utf8), text)
            XCTAssertEqual(Array(parsed.body.utf8), Array(draft.body.utf8), text)
            XCTAssertEqual(Array(parsed.moreDetails.utf8), Array(draft.moreDetails.utf8), text)
            XCTAssertEqual(parsed.tags, draft.tags, text)
        }
    }

    func testTextAnEditorSavedIsReadTolerantly() throws {
        // No final newline, no more-details section, header names in any case, tags with extra spaces.
        XCTAssertEqual(
            try EntryTextFormat.parse("title:  x\nTAGS: a ,, b \n\nbody"),
            EntryDraft(title: " x", body: "body", tags: ["a", "b"]))
        // Only headers: empty body and more details.
        XCTAssertEqual(try EntryTextFormat.parse("Title: x\n"), EntryDraft(title: "x"))
        // Tags over two lines add up.
        XCTAssertEqual(try EntryTextFormat.parse("Title: x\nTags: a\nTags: b\n\n").tags, ["a", "b"])
    }

    func testCRLFLineEndsAroundHeadersAndSeparatorAreAccepted() throws {
        let text = "Title: Windows\r\nTags: a, b\r\n\r\nline 1\r\nline 2\r\n--- more details ---\r\nmore\r\n"
        XCTAssertEqual(
            try EntryTextFormat.parse(text),
            EntryDraft(title: "Windows", body: "line 1\r\nline 2", moreDetails: "more", tags: ["a", "b"]))
    }

    func testProblemsAreReportedWithTheirLine() {
        let cases: [(String, EntryTextFormatError)] = [
            ("Title:\nTags: a\n\n  \n", EntryTextFormatError(line: 1, reason: EntryTextFormat.emptyEntry)),
            ("Title:    \n", EntryTextFormatError(line: 1, reason: EntryTextFormat.emptyEntry)),
            ("\n\nTags: a\nTitle:\n\n", EntryTextFormatError(line: 4, reason: EntryTextFormat.emptyEntry)),
            ("Tags: a\n\n", EntryTextFormatError(line: nil, reason: EntryTextFormat.emptyEntry)),
            ("", EntryTextFormatError(line: nil, reason: EntryTextFormat.emptyEntry)),
            (
                "Title: a\nAuthor: me\n\n",
                EntryTextFormatError(
                    line: 2, reason: "unknown header \"author\" (the headers are Title, Tags and Date)")
            ),
            (
                "Titel: a\n\nbody",
                EntryTextFormatError(line: 1, reason: "unknown header \"titel\" (the headers are Title, Tags and Date)")
            ),
            (
                "Title: a\nDate: las friday\n\n",
                EntryTextFormatError(
                    line: 2, reason: #"Date: cannot read "las friday" as a date; did you mean "last friday"?"#)
            ),
            (
                "Title: a\nforgot the blank line\n",
                EntryTextFormatError(
                    line: 2, reason: "expected a header such as \"Title: …\" or \"Tags: …\" before the first blank line"
                )
            ),
            ("Title: a\nTitle: b\n\n", EntryTextFormatError(line: 2, reason: "the title is given twice")),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try EntryTextFormat.parse(text), text) { error in
                XCTAssertEqual(error as? EntryTextFormatError, expected, text)
            }
        }
        XCTAssertEqual(EntryTextFormatError(line: 3, reason: "why").description, "line 3: why")
    }

    // MARK: - The editor's guide

    func testTheEditorsGuideIsACommentParseSkips() throws {
        let draft = EntryDraft(title: "Standup", body: "# Notes\n- one", moreDetails: "room 4", tags: ["work"])
        let text = EntryTextFormat.renderForEditor(
            title: draft.title, tags: draft.tags, body: draft.body, moreDetails: draft.moreDetails)
        XCTAssertTrue(text.hasPrefix("<!-- Title on the first line"), text)
        XCTAssertEqual(try EntryTextFormat.parse(text), draft)
        XCTAssertEqual(
            try EntryTextFormat.parse("<!-- note --> \nTitle: t\n\nbody\n"), EntryDraft(title: "t", body: "body"))
    }

    func testLinesAreCountedPastTheGuideAndAnOpenCommentIsAnError() {
        XCTAssertThrowsError(try EntryTextFormat.parse(EntryTextFormat.editorGuide + "Title: t\nNope\n")) { error in
            XCTAssertEqual((error as? EntryTextFormatError)?.line, 5, "the guide is lines 1 to 3")
        }
        XCTAssertThrowsError(try EntryTextFormat.parse("<!-- never closed\nTitle: t\n")) { error in
            XCTAssertEqual((error as? EntryTextFormatError)?.reason, "the comment at the start is not closed with -->")
        }
    }

    // MARK: - Tags: the text decides

    func testAnAtOnTheTagsLineIsTheTagsMarkNotPartOfIt() throws {
        XCTAssertEqual(
            try EntryTextFormat.parse("Title: t\nTags: editor, @test,  @work \n\nbody").tags,
            ["editor", "test", "work"])
        XCTAssertEqual(try EntryTextFormat.parse("Title: t\nTags: \\@kept, @\n\n").tags, ["@kept", "@"])
    }

    func testTagsWrittenInTheTextAreTagsAndTheTagsLineShowsTheOthers() throws {
        let text = EntryTextFormat.render(
            title: "Lunch with @alice", tags: ["alice", "work", "bob"], body: "Then @bob. Mail me@example.com",
            moreDetails: "")
        XCTAssertTrue(text.hasPrefix("Title: Lunch with @alice\nTags: work\n\n"), text)
        XCTAssertEqual(try EntryTextFormat.parse(text).tags, ["work", "alice", "bob"])
        // Writing a tag into the body adds it; deleting one from the text takes it off.
        let edited = text.replacingOccurrences(of: "Then @bob.", with: "Then @bug.")
        XCTAssertEqual(try EntryTextFormat.parse(edited).tags, ["work", "alice", "bug"])
    }

    // MARK: - Writing the jrnl way

    /// 2024-06-05 12:00 UTC, a Wednesday.
    let reader = DatePhraseReader(
        now: Date(timeIntervalSince1970: 1_717_588_800), timeZone: TimeZone(identifier: "UTC") ?? .current)

    func testFreeTextWithoutHeadersIsReadAsWords() throws {
        let draft = try EntryTextFormat.parse(
            EntryTextFormat.editorGuide + "Called mum. She says hi. @family\nMore tomorrow.\n", dates: reader)
        XCTAssertEqual(draft.title, "Called mum.")
        XCTAssertEqual(draft.body, "She says hi. @family\nMore tomorrow.")
        XCTAssertEqual(draft.tags, ["family"])
        XCTAssertNil(draft.createdAt)
        let dated = try EntryTextFormat.parse("yesterday: Called mum.\n--- more details ---\nroom 4\n", dates: reader)
        XCTAssertEqual([dated.title, dated.moreDetails], ["Called mum.", "room 4"])
        XCTAssertEqual(
            dated.createdAt.map { EntryTextFormat.dateLine($0, timeZone: reader.timeZone) }, "2024-06-04 12:00")
        XCTAssertEqual(try EntryTextFormat.parse("Note: buy milk\n", dates: reader).title, "Note: buy milk")
    }

    func testWordsUnderTheHeaderWithoutATitleGiveTheTitle() throws {
        // The template of a new entry, with words written under it and the Title line left empty.
        let template = NewEntryTemplate().editorText(tags: ["work"], now: reader.now, timeZone: reader.timeZone)
        let text = template.replacingOccurrences(
            of: "\n" + EntryTextFormat.separator, with: "Standup went long. Again.\n" + EntryTextFormat.separator)
        let draft = try EntryTextFormat.parse(text, dates: reader)
        XCTAssertEqual([draft.title, draft.body], ["Standup went long.", "Again."])
        XCTAssertEqual(draft.tags, ["work"])
    }

    func testADateLineDatesTheEntryAndRendersBackToTheSameMinute() throws {
        let draft = try EntryTextFormat.parse("Title: t\nDate: 2024-06-01 08:15\n\nbody", dates: reader)
        XCTAssertEqual(
            draft.createdAt.map { EntryTextFormat.dateLine($0, timeZone: reader.timeZone) }, "2024-06-01 08:15")
        XCTAssertEqual(draft.updatedAt, draft.createdAt)
        XCTAssertNil(
            try EntryTextFormat.parse("Title: t\nDate:\n\n", dates: reader).createdAt, "an empty Date line is now")
        let entry = Entry(
            id: 7, title: "t", body: "b", moreDetails: "", tags: [], createdAt: reader.now, updatedAt: reader.now)
        XCTAssertTrue(EntryTextFormat.render(entry, timeZone: reader.timeZone).contains("\nDate: 2024-06-05 12:00\n\n"))
    }

    func testErrorLinesAreTheFilesOwnPastTheGuide() {
        let text = EntryTextFormat.editorGuide + "Title:\nTags: x\n\n"
        XCTAssertThrowsError(try EntryTextFormat.parse(text)) { error in
            XCTAssertEqual((error as? EntryTextFormatError)?.line, 4, "the guide is lines 1 to 3, the Title line is 4")
        }
    }
}
