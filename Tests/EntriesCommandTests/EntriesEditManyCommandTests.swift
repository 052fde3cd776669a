import EntryModel
import XCTest

/// `entries edit` with filters: every chosen entry in one editor buffer, its changes stored together.
final class EntriesEditManyCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "Standup", body: "Went long.", tags: ["work"], createdAt: day(1), updatedAt: day(1)),
            EntryDraft(
                title: "Garden", body: "Tomatoes.", moreDetails: "Water daily", tags: ["home"], createdAt: day(2),
                updatedAt: day(2)),
            EntryDraft(title: "Review", body: "Merged it.", tags: ["work"], createdAt: day(3), updatedAt: day(3)),
        ])
    }

    /// An editor script that keeps the buffer it was given in `seen.md`, then runs `commands` (sh)
    /// on the file (`$1`).
    private func editor(_ commands: String = "") throws -> String {
        let seenPath = directory.appendingPathComponent("seen.md").path
        let path = try writeFile("editor.sh", "#!/bin/sh\ncp \"$1\" '\(seenPath)'\n\(commands)\n")
        XCTAssertEqual(chmod(path, 0o755), 0)
        return path
    }

    private var seen: String {
        (try? String(contentsOfFile: directory.appendingPathComponent("seen.md").path, encoding: .utf8)) ?? ""
    }

    func testTheBufferHoldsEveryChosenEntryAndAnUnchangedSaveWritesNothing() throws {
        let before = try allEntries()
        // The editor saves the file again as it was: no entry is written, not even its updatedAt.
        let script = try editor("cat \"$1\" > \"$1.copy\" && cat \"$1.copy\" > \"$1\" && rm \"$1.copy\"")
        XCTAssertEqual(
            try succeed("edit", "--tag", "work", environment: ["EDITOR": script]), "No changes to the 2 entries.\n")
        XCTAssertEqual(try allEntries(), before)
        XCTAssertTrue(seen.hasPrefix("<!-- 2 entries, each under its own"), seen)
        XCTAssertTrue(
            seen.hasSuffix(
                """
                <!-- entry 1 -->
                Title: Standup
                Tags: work
                Date: 2024-01-01 09:30

                Went long.
                --- more details ---
                <!-- entry 3 -->
                Title: Review
                Tags: work
                Date: 2024-01-03 09:30

                Merged it.
                --- more details ---

                """), seen)
        XCTAssertFalse(seen.contains("Garden"), "only the chosen entries")
    }

    func testChangesDeletionsAndNewEntriesAreStoredTogetherWithExactCounts() throws {
        let script = try editor(
            """
            sed -i -e 's/^Went long\\.$/Went short./' -e '/^<!-- entry 3 -->$/,$d' "$1"
            printf '<!-- new entry -->\\nTitle: Retro\\nTags: work\\n\\nWhat went well.\\n<!-- new entry -->\\n\\n' >> "$1"
            """)
        XCTAssertEqual(
            try succeed("edit", "--tag", "work", "--yes", environment: ["EDITOR": script]),
            "Updated 1 entry, moved 1 entry to the trash (`entries trash list` shows it), added 1 entry (id 4).\n")
        let stored = try allEntries()
        XCTAssertEqual(stored.map(\.title), ["Standup", "Garden", "Retro"])
        XCTAssertEqual(stored[0].body, "Went short.")
        XCTAssertEqual(stored[1].updatedAt, day(2), "an entry not in the buffer is not touched")
        XCTAssertEqual(stored[2].tags, ["work"])
        XCTAssertEqual(try decodeSummaries(try succeed("trash", "list", "--json")).map(\.id), [3])
    }

    func testDeletingAsksFirstAndWithoutATerminalNeedsYes() throws {
        let before = try allEntries()
        let script = try editor("sed -i '/^<!-- entry 3 -->$/,$d' \"$1\"")
        let result = try entries("edit", "--tag", "work", environment: ["EDITOR": script])
        assertFails(result, containing: "moving entry 3 \"Review\" to the trash asks first")
        XCTAssertTrue(result.error.contains("no entry was changed"), result.error)
        XCTAssertEqual(try allEntries(), before)
        XCTAssertEqual(
            try keptText(in: result.error),
            try String(contentsOfFile: directory.appendingPathComponent("seen.md").path, encoding: .utf8)
                .replacingOccurrences(
                    of:
                        "<!-- entry 3 -->\nTitle: Review\nTags: work\nDate: 2024-01-03 09:30\n\nMerged it.\n--- more details ---\n",
                    with: ""))
    }

    /// Another `entries edit` saves one of the entries while the buffer is open: nothing of the buffer
    /// is stored, the message names the entry, and the buffer is kept.
    func testAnEntryChangedMeanwhileRefusesTheWholeBuffer() throws {
        let binary = try EntriesBinary.locate().path
        let inner = try writeFile("inner.sh", "#!/bin/sh\nsed -i 's/^Merged it\\.$/Their words./' \"$1\"\n")
        XCTAssertEqual(chmod(inner, 0o755), 0)
        let script = try editor(
            """
            EDITOR='\(inner)' '\(binary)' edit 3 > /dev/null || exit 9
            sed -i -e 's/^Went long\\.$/My words./' -e 's/^Merged it\\.$/My words too./' "$1"
            """)
        let result = try entries("edit", "--tag", "work", environment: ["EDITOR": script])
        assertFails(
            result, containing: "an entry was changed by another program meanwhile: entry 3 (\"Review\") was changed")
        let kept = try keptText(in: result.error)
        XCTAssertTrue(kept.contains("My words.\n") && kept.contains("My words too.\n"), kept)
        let stored = try allEntries()
        XCTAssertEqual(stored[0].body, "Went long.", "nothing of the buffer was stored")
        XCTAssertEqual(stored[2].body, "Their words.", "the other save stands")
    }

    func testAPartThatIsNotAnEntryIsRefusedWithItsLineInTheBuffer() throws {
        let before = try allEntries()
        let script = try editor("sed -i 's/^Tags: work$/Author: me/' \"$1\"")
        let result = try entries("edit", "--tag", "work", environment: ["EDITOR": script])
        let line =
            try XCTUnwrap(seen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "Tags: work"))
            + 1
        assertFails(result, containing: "line \(line): unknown header \"author\"")
        XCTAssertEqual(try allEntries(), before)
        // An entry line of an entry that was not in the buffer is refused too, not taken as new.
        let foreign = try editor("sed -i 's/^<!-- entry 3 -->$/<!-- entry 2 -->/' \"$1\"")
        assertFails(
            try entries("edit", "--tag", "work", environment: ["EDITOR": foreign]),
            containing: "entry 2 is not one of the entries being edited")
        XCTAssertEqual(try allEntries(), before)
    }

    func testABodyLineThatLooksLikeAnEntryLineStaysInItsEntry() throws {
        try seed([
            EntryDraft(
                title: "Tricky", body: "<!-- entry 1 -->\n\\<!-- new entry -->", tags: ["odd"], createdAt: day(4),
                updatedAt: day(4))
        ])
        let before = try allEntries()
        let unchanged = try editor()
        XCTAssertEqual(
            try succeed("edit", "--tag", "odd", environment: ["EDITOR": unchanged]), "No changes to entry 4.\n")
        XCTAssertTrue(seen.contains("\n\\<!-- entry 1 -->\n\\\\<!-- new entry -->\n"), seen)
        let edit = try editor("sed -i 's/^Title: Tricky$/Title: Still tricky/' \"$1\"")
        XCTAssertEqual(try succeed("edit", "--tag", "odd", environment: ["EDITOR": edit]), "Updated 1 entry.\n")
        let stored = try allEntries()
        XCTAssertEqual(stored[3].body, "<!-- entry 1 -->\n\\<!-- new entry -->")
        XCTAssertEqual(Array(stored.prefix(3)), Array(before.prefix(3)))
    }

    /// `--on-this-day DATE`, a filter of `list`: the entries of that day of the year in its year and
    /// every year before (not later ones), oldest first, with the other filters; alone it is enough.
    func testOnThisDayChoosesThatDayOfEveryYearUpToItsOwn() throws {
        let year: Double = 365 * 86_400
        try seed([
            EntryDraft(title: "Two years before", tags: ["home"], createdAt: day(2) - 2 * year),
            EntryDraft(title: "A year before", tags: ["work"], createdAt: day(2) - year),
            EntryDraft(title: "A year later", tags: ["home"], createdAt: day(2) + 366 * 86_400),
        ])
        let script = try editor()
        XCTAssertEqual(
            try succeed("edit", "--on-this-day", "2024-01-02", environment: ["EDITOR": script]),
            "No changes to the 3 entries.\n")
        let titles = seen.split(separator: "\n").filter { $0.hasPrefix("Title: ") }
        XCTAssertEqual(titles, ["Title: Two years before", "Title: A year before", "Title: Garden"], seen)
        XCTAssertEqual(
            try succeed(
                "edit", "--on-this-day", "2024-01-02", "--tag", "home", "-n", "1", environment: ["EDITOR": script]),
            "No changes to entry 2.\n", "the newest one of the tag")
        XCTAssertEqual(
            try succeed("edit", "--on-this-day", "2024-01-05", environment: ["EDITOR": "false"]),
            "No entries on January 5 in 2024 or any year before.\n")
        XCTAssertEqual(try entries("edit", "--on-this-day", "2024-01-02", "--from", "2023-01-01").status, 64)
    }

    func testAnIdAndFiltersTogetherOrNeitherIsAUsageError() throws {
        XCTAssertEqual(try entries("edit").status, 64)
        XCTAssertEqual(try entries("edit", "1", "--tag", "work").status, 64)
        XCTAssertEqual(
            try succeed("edit", "--tag", "nothing-has-it", environment: ["EDITOR": "false"]),
            "No entries with the tag nothing-has-it.\n")
    }

    private func keptText(in error: String) throws -> String {
        let path = try XCTUnwrap(
            error.firstRange(of: "saved in ").map { error[$0.upperBound...] }?.prefix { $0 != ";" })
        defer { try? FileManager.default.removeItem(atPath: String(path)) }
        return try String(contentsOfFile: String(path), encoding: .utf8)
    }
}
