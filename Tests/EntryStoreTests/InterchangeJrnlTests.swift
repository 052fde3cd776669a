import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeJrnlTests: XCTestCase {
    /// What `jrnl --export json` writes (indented by two spaces).
    let export = """
        {
          "tags": {
            "@work": 2,
            "#idea": 1
          },
          "entries": [
            {
              "title": "Standup went long.",
              "body": "Talked about the release.\\nThen lunch.",
              "date": "2024-01-05",
              "time": "09:30",
              "tags": ["@work"],
              "starred": false
            },
            {
              "title": "Idea for the app",
              "body": "",
              "date": "2024-01-06",
              "time": "21:05",
              "tags": ["@work", "#idea", "@work"],
              "starred": true,
              "uuid": "9A1B"
            }
          ]
        }
        """

    func testEntriesBecomeDraftsWithStrippedTagsAndStarred() throws {
        let drafts = try JrnlJSONFormat.drafts(from: Data(export), timeZone: try XCTUnwrap(TimeZone(identifier: "UTC")))
        let first = try XCTUnwrap(InterchangeDate.date(from: "2024-01-05T09:30:00Z"))
        let second = try XCTUnwrap(InterchangeDate.date(from: "2024-01-06T21:05:00Z"))
        XCTAssertEqual(
            drafts,
            [
                EntryDraft(
                    title: "Standup went long.", body: "Talked about the release.\nThen lunch.", tags: ["work"],
                    createdAt: first, updatedAt: first),
                // jrnl's star is a field, not a tag (issue 14).
                EntryDraft(
                    title: "Idea for the app", tags: ["work", "idea"], createdAt: second, updatedAt: second,
                    starred: true),
            ])
    }

    func testDateAndTimeAreReadInTheGivenTimeZone() throws {
        let file =
            #"{"entries":[{"title":"t","date":"2024-07-01","time":"12:00:30"},{"title":"u","date":"2024-07-02"}]}"#
        let drafts = try JrnlJSONFormat.drafts(
            from: Data(file), timeZone: try XCTUnwrap(TimeZone(secondsFromGMT: 2 * 3600)))
        XCTAssertEqual(
            drafts.map { $0.createdAt.map(InterchangeDate.string) },
            ["2024-07-01T10:00:30.000Z", "2024-07-01T22:00:00.000Z"])
    }

    func testProblemsNameRecordLineAndField() {
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        let cases: [(String, String)] = [
            (
                #"{"entries":[{"title":"t","time":"09:30"}]}"#,
                #"record 1 (line 1), field "date": the date is missing (jrnl writes it like 2024-01-05)"#
            ),
            (
                "{\"entries\":[\n{\"title\":\"t\",\"date\":\"2024-01-05\"},\n{\"title\":\"t\",\"date\":\"05/01/2024\"}]}",
                #"record 2 (line 3), field "date": "05/01/2024" is not a date like 2024-01-05"#
            ),
            (
                #"{"entries":[{"title":"t","date":"2024-01-05","time":"9:30"}]}"#,
                #"record 1 (line 1), field "time": "9:30" is not a time like 09:30"#
            ),
            (
                #"{"entries":[{"title":"","date":"2024-01-05"}]}"#,
                #"record 1 (line 1), field "title": the title is empty (every entry needs one)"#
            ),
            (
                #"{"entries":[{"title":"t","date":"2024-01-05","starred":"yes"}]}"#,
                #"record 1 (line 1), field "starred": expected true or false, found a string"#
            ),
            (#"{"tags":{}}"#, #"this is not a jrnl export: the object has no "entries" array"#),
            (
                #"{"entries":{}}"#,
                #"line 1, column 12: malformed JSON: expected `[` ("entries" must be an array), found `{`"#
            ),
        ]
        for (file, message) in cases {
            XCTAssertEqual(
                importError { () throws(ImportError) in try JrnlJSONFormat.drafts(from: Data(file), timeZone: utc) }?
                    .description, message, file)
        }
    }

    func testTagsAtTheEndOfATitleLeaveItAndTagsInTheTextAreTags() throws {
        let file =
            #"{"entries":[{"title":"Played chess @games","body":"Lost to @Sam again. @games","date":"2024-07-01","tags":["@games"]},{"title":"@games","date":"2024-07-02","tags":[]},{"title":"Lunch with @alice.","date":"2024-07-03"}]}"#
        let drafts = try JrnlJSONFormat.drafts(from: Data(file), timeZone: try XCTUnwrap(TimeZone(identifier: "UTC")))
        // A tag that ends the title's sentence is part of it.
        XCTAssertEqual(drafts.map(\.title), ["Played chess", "@games", "Lunch with @alice."])
        XCTAssertEqual(drafts.map(\.tags), [["games", "Sam"], ["games"], ["alice"]])
        XCTAssertEqual(drafts[0].body, "Lost to @Sam again. @games")
    }
}
