import EntryInterchange
import EntryModel
import XCTest

final class EntriesEditCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(
                title: "Standup", body: "Went long.", moreDetails: "Notes", tags: ["work"],
                createdAt: day(1), updatedAt: day(1))
        ])
    }

    /// An editor script that saves what the entry's text was into `seen.txt` and replaces the file
    /// with `replacement`; `status` is its exit status.
    private func editor(replacingWith replacement: String?, status: Int = 0) throws -> String {
        let replacementPath = try writeFile("replacement.txt", replacement ?? "")
        let seenPath = directory.appendingPathComponent("seen.txt").path
        let copy = replacement == nil ? "" : "cat '\(replacementPath)' > \"$1\"\n"
        let path = try writeFile(
            "editor.sh", "#!/bin/sh\ncat \"$1\" > '\(seenPath)'\necho \"$1\" >> '\(seenPath)'\n\(copy)exit \(status)\n")
        XCTAssertEqual(chmod(path, 0o755), 0)
        return path
    }

    private var seen: String {
        (try? String(contentsOfFile: directory.appendingPathComponent("seen.txt").path, encoding: .utf8)) ?? ""
    }

    func testTheEditorGetsTheEntryAsTextAndItsChangesAreSaved() throws {
        let script = try editor(
            replacingWith:
                "Title: Standup (edited)\nTags: work, done\n\nNew body\r\nkept\n--- more details ---\nNew notes\n")
        XCTAssertEqual(try succeed("edit", "1", environment: ["EDITOR": script]), "Updated entry 1.\n")
        XCTAssertTrue(
            seen.hasPrefix(
                EntryTextFormat.editorGuide
                    + "Title: Standup\nTags: work\nDate: 2024-01-01 09:30\n\nWent long.\n--- more details ---\nNotes\n"),
            seen)
        let entry = try allEntries()[0]
        XCTAssertEqual(entry.title, "Standup (edited)")
        XCTAssertEqual(Array(entry.body.utf8), Array("New body\r\nkept".utf8))
        XCTAssertEqual(entry.moreDetails, "New notes")
        XCTAssertEqual(entry.tags, ["work", "done"])
        XCTAssertEqual(entry.createdAt, day(1))
        XCTAssertGreaterThan(entry.updatedAt, day(1))
        let temporaryFile = seen.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertFalse(temporaryFile.isEmpty)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporaryFile), "the temporary file is deleted")
    }

    func testVisualWinsOverEditorAndArgumentsAreAllowed() throws {
        let script = try editor(replacingWith: "Title: Via VISUAL\n")
        try succeed("edit", "1", environment: ["VISUAL": "sh \(script)", "EDITOR": "false"])
        XCTAssertEqual(try allEntries()[0].title, "Via VISUAL")
    }

    func testUnchangedTextSaysNoChanges() throws {
        let before = try allEntries()
        XCTAssertEqual(try succeed("edit", "1", environment: ["EDITOR": "true"]), "No changes to entry 1.\n")
        // An editor that converted the line ends to CRLF changed bytes but not fields: no change either.
        let script = try editor(
            replacingWith: "Title: Standup\r\nTags: work\r\n\r\nWent long.\r\n--- more details ---\r\nNotes\r\n")
        XCTAssertEqual(try succeed("edit", "1", environment: ["EDITOR": script]), "No changes to entry 1.\n")
        XCTAssertEqual(try allEntries(), before)
    }

    func testAFailingEditorAbandonsTheEdit() throws {
        let before = try allEntries()
        let script = try editor(replacingWith: "Title: Should not be saved\n", status: 3)
        assertFails(
            try entries("edit", "1", environment: ["EDITOR": script]),
            containing: "exited with status 3; the edit was abandoned")
        // No shell runs the editor: the program is looked for in PATH, and the one line says so.
        let missing = try entries("edit", "1", environment: ["EDITOR": "no-such-editor-here"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(
            missing.error,
            "entries: error: cannot start the editor `no-such-editor-here`: there is no program no-such-editor-here "
                + "in PATH; set VISUAL or EDITOR (or the app's own editor setting) to an editor that exists\n")
        XCTAssertEqual(try allEntries(), before)
    }

    func testTextThatIsNotAnEntryIsRefusedAndTheTextIsKept() throws {
        let before = try allEntries()
        let script = try editor(replacingWith: "Title: x\nAuthor: me\n\nMy precious text\n")
        let result = try entries("edit", "1", environment: ["EDITOR": script])
        assertFails(result, containing: "line 2: unknown header")
        let saved = try XCTUnwrap(
            result.error.firstRange(of: "saved in ").map { result.error[$0.upperBound...] }?
                .prefix { $0 != ";" })
        XCTAssertEqual(
            try String(contentsOfFile: String(saved), encoding: .utf8), "Title: x\nAuthor: me\n\nMy precious text\n")
        try? FileManager.default.removeItem(atPath: String(saved))
        XCTAssertEqual(try allEntries(), before)
    }

    /// Another `entries edit` saves the entry while this one's editor is open: this save is refused,
    /// naming the entry, with the text kept in a private file, and the other save stands.
    func testAnEntryChangedWhileEditingIsRefusedAndTheTextIsKept() throws {
        let binary = try EntriesBinary.locate().path
        let theirs = try writeFile("theirs.txt", "Title: Standup\nTags: work\n\nTheir version\n")
        let inner = try writeFile("inner.sh", "#!/bin/sh\ncat '\(theirs)' > \"$1\"\n")
        let mine = try writeFile("mine.txt", "Title: Standup\nTags: work\n\nMy version\n")
        // While "my" editor is open, another `entries edit` saves the same entry.
        let outer = try writeFile(
            "outer.sh",
            "#!/bin/sh\nEDITOR='\(inner)' '\(binary)' edit 1 > /dev/null || exit 9\ncat '\(mine)' > \"$1\"\n")
        XCTAssertEqual(chmod(inner, 0o755), 0)
        XCTAssertEqual(chmod(outer, 0o755), 0)
        let result = try entries("edit", "1", environment: ["EDITOR": outer])
        assertFails(result, containing: "“Standup” (entry 1) was changed by another program while you were editing")
        XCTAssertTrue(result.error.contains("the entry was not changed"), result.error)
        let saved = try XCTUnwrap(
            result.error.firstRange(of: "saved in ").map { result.error[$0.upperBound...] }?
                .prefix { $0 != ";" })
        XCTAssertEqual(
            try String(contentsOfFile: String(saved), encoding: .utf8), "Title: Standup\nTags: work\n\nMy version\n")
        XCTAssertTrue(
            saved.hasPrefix(directory.appendingPathComponent(".local/share/entries/recovered/entries-edit-1-").path),
            "kept in the data folder, not in the temporary folder: \(saved)")
        try? FileManager.default.removeItem(atPath: String(saved))
        XCTAssertEqual(try allEntries()[0].body, "Their version", "the other save stands")
    }

    func testUnknownIdIsAnErrorBeforeAnyEditing() throws {
        let script = try editor(replacingWith: nil)
        assertFails(try entries("edit", "9", environment: ["EDITOR": script]), containing: "no entry with id 9")
        XCTAssertEqual(seen, "", "the editor never ran")
    }

    // MARK: - Tags as jrnl writes them

    func testAnAtTagOnTheTagsLineIsFoundByTheTagFilter() throws {
        let script = try editor(replacingWith: "Title: Standup\nTags: editor, @test\n\nWent long.\n")
        try succeed("edit", "1", environment: ["EDITOR": script])
        XCTAssertEqual(try allEntries()[0].tags, ["editor", "test"])
        XCTAssertEqual(try decodeSummaries(try succeed("list", "--tag", "test", "--json")).map(\.id), [1])
    }

    func testTheTextDecidesTheTagsItWrites() throws {
        try seed([EntryDraft(title: "Lunch with @alice", body: "Nice.", tags: ["alice", "food"], createdAt: day(2))])
        // Writing @bug into the body adds the tag, deleting @alice from the title takes it off.
        let script = try editor(replacingWith: "Title: Lunch alone\nTags: food\n\nNice. Found a @bug.\n")
        try succeed("edit", "2", environment: ["EDITOR": script])
        XCTAssertTrue(
            seen.contains("Title: Lunch with @alice\nTags: food\nDate: "),
            "the Tags line shows the tags the text does not write: \(seen)")
        XCTAssertEqual(try allEntries().first { $0.id == 2 }?.tags, ["food", "bug"])
    }

    // MARK: - Free text and the date

    func testADateLineChangesTheDateAndKeepsTheId() throws {
        let script = try editor(
            replacingWith:
                "Title: Standup\nTags: work\nDate: 2023-12-25 08:00\n\nWent long.\n--- more details ---\nNotes\n")
        XCTAssertEqual(try succeed("edit", "1", environment: ["EDITOR": script]), "Updated entry 1.\n")
        XCTAssertTrue(seen.contains("Tags: work\nDate: 2024-01-01 09:30\n\n"), seen)
        let entry = try allEntries()[0]
        XCTAssertEqual(entry.id, 1)
        XCTAssertEqual(entry.createdAt, ISO8601DateFormatter().date(from: "2023-12-25T08:00:00Z"))
        // Left as it was, the Date line keeps the date to the millisecond.
        let same = try editor(replacingWith: "Title: Standup again\nTags: work\nDate: 2023-12-25 08:00\n\nWent long.\n")
        try succeed("edit", "1", environment: ["EDITOR": same])
        XCTAssertEqual(try allEntries()[0].createdAt, entry.createdAt)
    }

    func testFreeTextReplacesTheEntryAndErrorsNameTheFilesLine() throws {
        let script = try editor(replacingWith: "Standup, rewritten. In one go. @daily\n")
        try succeed("edit", "1", environment: ["EDITOR": script])
        let entry = try allEntries()[0]
        XCTAssertEqual([entry.title, entry.body], ["Standup, rewritten.", "In one go."])
        XCTAssertEqual(entry.tags, ["daily"], "free text has no Tags line: the text's tags are the tags")
        let empty = try editor(replacingWith: EntryTextFormat.editorGuide + "Title:\nTags: x\n\n")
        let result = try entries("edit", "1", environment: ["EDITOR": empty])
        assertFails(result, containing: "line 4: the entry is empty")
        if let saved = result.error.firstRange(of: "saved in ").map({
            result.error[$0.upperBound...].prefix { $0 != ";" }
        }) {
            try? FileManager.default.removeItem(atPath: String(saved))
        }
    }
}
