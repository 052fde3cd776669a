import EntryModel
import Foundation
import XCTest

/// A jrnl user's first afternoon, as the command line: import a jrnl export, write five entries the
/// jrnl way, read them back in the shell, fix a date, tag and untag, delete a set. Every command must
/// do what was asked, say so, and exit 0; nothing may be silently wrong.
final class EntriesJrnlAfternoonEndToEndTests: EntriesCommandTestCase {
    /// A jrnl export of `count` entries, written as `jrnl --export json` writes them: tags in the text
    /// (some at the end of titles), in jrnl's tag list with their `@`, a few starred.
    private func jrnlExport(count: Int) -> String {
        let titles = [
            "Standup went long.", "Played chess @games", "Planted garlic.", "Called mum.", "Ran 5k in 27 minutes.",
        ]
        let bodies = [
            "Talked about the release. @work", "Lost again.", "Rows 3 and 4. @garden", "", "Knees fine. @health",
        ]
        var entries: [String] = []
        for index in 0..<count {
            let day = 1 + index % 28, month = 1 + (index / 28) % 12, year = 2015 + index / (28 * 12)
            let title = titles[index % titles.count], body = bodies[index % bodies.count]
            let tags = (title + " " + body).split(separator: " ").filter { $0.hasPrefix("@") }.map { "\"\($0)\"" }
            entries.append(
                """
                {"title": "\(title)", "body": "\(body)", "date": "\(year)-\(String(format: "%02d", month))-\(String(format: "%02d", day))", \
                "time": "\(String(format: "%02d", index % 24)):15", "tags": [\(tags.joined(separator: ", "))], "starred": \(index % 50 == 0)}
                """)
        }
        return "{\"tags\": {\"@work\": 1}, \"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }

    func testAFirstAfternoon() throws {
        // 1. Import a jrnl export.
        let export = try writeFile("jrnl.json", jrnlExport(count: 600))
        XCTAssertEqual(try succeed("import", export), "Imported 600 entries.\n")
        let chess = try decodeSummaries(try succeed("list", "--tag", "@games", "--limit", "1", "--json"))
        XCTAssertEqual(chess.first?.title, "Played chess", "the tag after the title only tags it")
        XCTAssertEqual(chess.first?.tags, ["games"])

        // 2. Write five entries the jrnl way.
        XCTAssertEqual(try succeed("add", "yesterday: Called mum. She says hi. @family"), "Added entry 601.\n")
        XCTAssertEqual(try succeed("add", "* Best day of the year. Sun, lake, friends. @summer"), "Added entry 602.\n")
        XCTAssertEqual(try succeed("add", "-5 degrees this morning. Brr."), "Added entry 603.\n")
        XCTAssertEqual(
            try succeed("add", input: Data("Reading list\nDune, then Piranesi. @books\n".utf8)), "Added entry 604.\n")
        XCTAssertEqual(try succeed("add", "--star", "--tag", "@work", "Shipped the release."), "Added entry 605.\n")

        // 3. Read them back in the shell: whole, newest last.
        let read = try succeed("read", "-n", "4")
        XCTAssertFalse(read.contains("Called mum. She"), "the back-dated entry is not among the newest four")
        let order = ["* Best day of the year.", "-5 degrees this morning.", "Reading list", "* Shipped the release."]
        let positions = order.compactMap { read.range(of: "  " + $0 + "\n")?.lowerBound }
        XCTAssertEqual(positions.count, 4, read)
        XCTAssertEqual(positions, positions.sorted(), "oldest first:\n\(read)")
        XCTAssertTrue(
            read.contains("\nBrr.\n") && read.contains("entry 604 · tags: books\n")
                && read.contains("\nDune, then Piranesi.\n"), read)
        let family = try succeed("read", "--tag", "family", "--from", "last week")
        XCTAssertTrue(family.contains("  Called mum.\nentry 601 · tags: family\n\nShe says hi.\n"), family)

        // 4. Fix a date: the Date line, the same id.
        let editor = try writeFile("fix-date.sh", "#!/bin/sh\nsed -i -e 's/^Date: .*/Date: 2024-12-24 18:00/' \"$1\"\n")
        XCTAssertEqual(chmod(editor, 0o755), 0)
        XCTAssertEqual(try succeed("edit", "601", environment: ["EDITOR": editor]), "Updated entry 601.\n")
        XCTAssertTrue(try succeed("show", "601").contains("Created: 2024-12-24 18:00\n"))
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--on", "2024-12-24", "--json")).map(\.id), [601])

        // 5. Tag and untag: the Tags line (where @lake is the tag lake) loses summer and gains lake,
        // and @holiday written into the body tags the entry.
        let tagging = try writeFile(
            "tag.sh",
            "#!/bin/sh\nsed -i -e 's/^Tags: summer$/Tags: @lake/' -e 's/friends\\./friends. @holiday/' \"$1\"\n")
        XCTAssertEqual(chmod(tagging, 0o755), 0)
        try succeed("edit", "602", environment: ["EDITOR": tagging])
        XCTAssertEqual(try decodeEntry(Data(try succeed("show", "602", "--json").utf8)).tags, ["lake", "holiday"])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "--tag", "lake", "best", "--json")).map(\.id), [602])
        XCTAssertEqual(try decodeSummaries(try succeed("search", "--tag", "summer", "best", "--json")).map(\.id), [])

        // 6. Delete a set: a script must say --yes; the message counts.
        assertFails(
            try entries("delete", "--tag", "games", "--to", "2015-06"),
            containing: "asks first, and there is no terminal to ask at: give --yes")
        let games = try decodeSummaries(try succeed("list", "--tag", "games", "--to", "2015-06", "--json")).count
        XCTAssertGreaterThan(games, 1)
        XCTAssertTrue(
            try succeed("delete", "--tag", "games", "--to", "2015-06", "603", "--yes").hasPrefix(
                "Deleted \(games + 1) entries (in the trash"))
        assertFails(
            try entries("show", "603"), containing: "is in the trash: `entries trash restore 603` brings it back")
        XCTAssertEqual(try allEntries().count, 605 - games - 1)
    }
}
