import EntryInterchange
import EntryModel
import Foundation
import XCTest

final class InterchangeMarkdownTests: XCTestCase {
    func testAnEntryReadsAsAHeadingDatesTagsBodyAndMoreDetails() {
        let entry = InterchangeFixtures.entry(
            id: 1, title: "Standup", body: "Went long.", more: "Notes\n", tags: ["work", "daily"])
        XCTAssertEqual(
            String(decoding: EntryExporter.bytes(of: [entry], format: .markdown), as: UTF8.self),
            """
            ## Standup

            Created 2024-01-05 09:30 UTC · updated 2024-01-05 09:31 UTC · tags: work, daily

            Went long.

            ### More details

            Notes


            """)
    }

    func testHeadingsOfTheBodySitUnderTheEntrysHeading() {
        let body = "# Plan\n\ntext #1\n  ## Steps\n```\n# not a heading\n```\n##### Deep\n###### Deepest\n#hashtag"
        let entry = InterchangeFixtures.entry(
            id: 1, title: "Day", body: body, more: "# More", updated: InterchangeFixtures.date)
        XCTAssertEqual(
            String(decoding: EntryExporter.bytes(of: [entry], format: .markdown), as: UTF8.self),
            """
            ## Day

            Created 2024-01-05 09:30 UTC

            ### Plan

            text #1
              #### Steps
            ```
            # not a heading
            ```
            ###### Deep
            ###### Deepest
            #hashtag

            ### More details

            ### More


            """)
    }

    func testEmptySectionsAreLeftOutAndTitlesStayOnOneLine() {
        let entries = [
            InterchangeFixtures.entry(id: 1, title: "Two\r\nlines\nhere", updated: InterchangeFixtures.date),
            InterchangeFixtures.entry(id: 2, title: "Next", updated: InterchangeFixtures.date),
        ]
        XCTAssertEqual(
            String(decoding: EntryExporter.bytes(of: entries, format: .markdown), as: UTF8.self),
            """
            ## Two lines here

            Created 2024-01-05 09:30 UTC

            ## Next

            Created 2024-01-05 09:30 UTC


            """)
    }
}
