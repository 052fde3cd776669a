import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// `a` and `e`: editing entries as text in the (fake) editor, with the terminal suspended, and never
/// losing what the user wrote.
final class EntryEditingTests: XCTestCase {
    static let template = EntryTextFormat.editorGuide + "Title: \nTags: \n\n\n--- more details ---\n"

    func testAddInsertsTheEntryAndSelectsIt() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Preferences(sortOrder: .title))
            harness.editor.script = [
                { _ in "Title: Bread dough\nTags: food, baking\n\nFlour, water.\n--- more details ---\nRest 1h\n" }
            ]
            try harness.press("a")
            XCTAssertEqual(harness.suspender.suspensions, 1, "the editor runs with the terminal restored")
            XCTAssertEqual(harness.editor.receivedTexts, [Self.template])
            XCTAssertEqual(
                EntryListOrderTests.titles(harness), ["apple pie", "Banana bread", "Bread dough", "Carrot notes"])
            XCTAssertEqual(harness.contentLines.last, "3 of 4", "the new entry is selected")
            XCTAssertEqual(harness.flow.messages, ["Added “Bread dough”"])
            try harness.press("enter")
            assertScreenContains(harness.screen, "Tags: food, baking")
            assertScreenContains(harness.screen, "Flour, water.")
        }
    }

    /// The config's template fills a new entry's body ({date}, {time} at the harness's "now", in UTC),
    /// and a list filtered by a tag starts the entry with that tag.
    func testAddStartsFromTheTemplateAndTheTagFilter() throws {
        try onMainActor {
            let harness = try EntriesHarness(
                entries: Samples.threeEntries,
                newEntryTemplate: NewEntryTemplate(body: "## {date} {time}\n\nMood: {mood}"))
            try harness.press("t", "enter")  // the tag picker's first tag: food
            XCTAssertTrue(harness.contentLines.last?.contains("tagged “food”") ?? false, "\(harness.contentLines)")
            try harness.press("a")
            let text = try XCTUnwrap(harness.editor.receivedTexts.last)
            let date = NewEntryTemplate(body: "{date} {time}").filledBody(now: Samples.now, timeZone: Samples.utc)
            XCTAssertTrue(text.contains("\n\n## \(date)\n\nMood: {mood}\n--- more details ---\n"), text)
            XCTAssertTrue(text.hasPrefix(EntryTextFormat.editorGuide + "Title: \nTags: food\n"), text)
        }
    }

    func testAddLeftUnchangedAddsNothing() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("a")
            XCTAssertEqual(harness.flow.messages, ["No changes"])
            XCTAssertEqual(try harness.repository.count(filter: .all), 3)
        }
    }

    func testEditUpdatesTheEntryAndKeepsItSelectedWhereItMoves() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Preferences(sortOrder: .title))
            try harness.press("j")  // Banana bread
            harness.editor.script = [{ text in text.replacingOccurrences(of: "Banana bread", with: "Zucchini bread") }]
            try harness.press("e")
            XCTAssertEqual(
                harness.editor.receivedTexts,
                [
                    EntryTextFormat.editorGuide
                        + "Title: Banana bread\nTags: food\nDate: 2026-01-03 00:00\n\n\n--- more details ---\n"
                ])
            XCTAssertEqual(EntryListOrderTests.titles(harness), ["apple pie", "Carrot notes", "Zucchini bread"])
            XCTAssertEqual(harness.contentLines.last, "3 of 3")
            XCTAssertEqual(harness.flow.messages, ["Saved “Zucchini bread”"])
        }
    }

    func testEditSavedWithTheSameFieldsIsNoChange() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.editor.script = [
                { text in text.replacingOccurrences(of: "Tags: food, sweet", with: "Tags: food,sweet") }
            ]
            try harness.press("e")
            XCTAssertEqual(harness.flow.messages, ["No changes"])
            XCTAssertEqual(harness.repository.calls(.update), 0)
        }
    }

    func testEditFromTheDetailsShowsTheNewTextThereAndInTheList() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.editor.script = [
                { text in text.replacingOccurrences(of: "\n\n\n---", with: "\n\nNew body line\n---") }
            ]
            try harness.press("enter", "e")
            assertScreenContains(harness.screen, "New body line")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            try harness.press("esc")
            XCTAssertEqual(harness.contentLines.last, "1 of 3")
        }
    }

    func testTextThatDoesNotParseIsOfferedForAnotherEdit() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            let broken = "Titel: Oops\n\nMy precious words\n"
            harness.editor.script = [
                { _ in broken }, { text in text.replacingOccurrences(of: "Titel", with: "Title") },
            ]
            try harness.press("a")
            XCTAssertNotNil(harness.window.presentedScene)
            assertScreenContains(harness.screen, "Edit it again?")
            try harness.press("y")
            XCTAssertEqual(harness.editor.receivedTexts, [Self.template, broken], "the user's text comes back")
            XCTAssertEqual(harness.flow.messages, ["Added “Oops”"])
            XCTAssertEqual(try harness.repository.count(filter: .all), 4)
        }
    }

    func testDecliningToFixKeepsTheTextForTheNextEdit() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            let broken = "Title: Words\nAuthor: me\n\nMy precious words\n"
            harness.editor.script = [{ _ in broken }]
            try harness.press("a", "n")
            XCTAssertEqual(harness.flow.messages, ["Your text is kept: edit again to finish it"])
            harness.editor.script = [{ text in text.replacingOccurrences(of: "Author: me\n", with: "") }]
            try harness.press("a")
            XCTAssertEqual(harness.editor.receivedTexts.last, broken)
            XCTAssertEqual(harness.flow.messages.last, "Added “Words”")
            // Saved: the next add starts from the template again.
            try harness.press("a")
            XCTAssertEqual(harness.editor.receivedTexts.last, Self.template)
        }
    }

    func testARefusedWriteKeepsTheTextAndSaysWhy() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.repository.failWrites(with: EntryStoreError.readOnly(path: "/tmp/notes.sqlite"))
            let text = "Title: Draft\nTags: \n\nKeep me\n--- more details ---\n"
            harness.editor.script = [{ _ in text }]
            try harness.press("a")
            XCTAssertEqual(harness.flow.errors.count, 1)
            XCTAssertTrue(harness.flow.errors[0].contains("read-only"), harness.flow.errors[0])
            harness.repository.failWrites(with: nil)
            try harness.press("a")  // the fake leaves the kept text as it is: it is saved now
            XCTAssertEqual(harness.editor.receivedTexts.last, text)
            XCTAssertEqual(harness.flow.messages.last, "Added “Draft”")
        }
    }

    /// Another program saves the entry while the editor is open: the save is refused (not the last
    /// writer winning), a dialog names the entry and when it was saved, whole (a status line of 120
    /// columns cut it), and the next edit starts from the user's text over the entry as it is now, so
    /// a second save goes through: at once from the dialog, or later with `e`.
    func testAnEntryChangedWhileEditingIsNotOverwrittenAndTheTextIsKept() throws {
        for answer in ["y", "n"] {
            try onMainActor {
                let harness = try EntriesHarness(
                    entries: Samples.threeEntries, preferences: Preferences(sortOrder: .title),
                    size: Size(width: 120, height: 30))
                try harness.press("j")  // Banana bread
                let banana = try XCTUnwrap(harness.repository.page(PageRequest(order: .title))[1])
                let mine = "Title: Banana bread\nTags: \n\nMy version\n--- more details ---\n"
                harness.editor.script = [
                    { _ in
                        var theirs = try XCTUnwrap(harness.repository.entry(id: banana.id))
                        theirs.body = "Their version"
                        _ = try harness.repository.update(theirs)
                        return mine
                    }
                ]
                try harness.press("e")
                XCTAssertEqual(harness.flow.errors, [], "the refusal is a dialog, not a status line")
                // the dialog's sides
                let shown = harness.screen.lines.map { $0.replacingOccurrences(of: "│", with: " ") }
                    .joined(separator: " ").split(separator: " ").joined(separator: " ")
                let saved = try XCTUnwrap(harness.repository.entry(id: banana.id)).updatedAt
                for part in [
                    "“Banana bread” (entry \(banana.id)) was changed by another program",
                    "(saved \(DateStyle.iso.format(saved, now: saved, timeZone: .current)))",
                    "Your text is kept either way.",
                ] {
                    XCTAssertTrue(shown.contains(part), "the dialog shows \(part) whole: \(harness.screen.lines)")
                }
                XCTAssertEqual(try harness.repository.entry(id: banana.id)?.body, "Their version", "their save stands")
                // Again, from the dialog or with e: the editor opens on the kept text, and saving it replaces what is stored.
                harness.editor.script = [{ _ in nil }]
                try harness.press(answer)
                if answer == "n" {
                    XCTAssertEqual(harness.flow.messages.last, "Your text is kept: edit again to finish it")
                    try harness.press("e")
                }
                XCTAssertEqual(harness.editor.receivedTexts.last, mine)
                XCTAssertEqual(try harness.repository.entry(id: banana.id)?.body, "My version")
                XCTAssertEqual(harness.flow.messages.last, "Saved “Banana bread”")
            }
        }
    }

    func testAnEntryDeletedWhileEditingIsReportedAndNothingIsWritten() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, preferences: Preferences(sortOrder: .title))
            try harness.press("j")
            let banana = try XCTUnwrap(harness.repository.page(PageRequest(order: .title))[1])
            harness.editor.script = [
                { _ in
                    try harness.repository.delete(id: banana.id)
                    return "Title: Banana bread\nTags: \n\nMine\n"
                }
            ]
            try harness.press("e")
            XCTAssertEqual(
                harness.flow.errors,
                [
                    "Not saved: “Banana bread” (entry \(banana.id)) was deleted by another program while you were editing. "
                        + "Your text is kept: edit again to retry"
                ])
            XCTAssertEqual(try harness.repository.count(filter: .all), 2, "nothing was written back")
        }
    }

    func testAnEditorThatFailsSavesNothing() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.editor.script = [{ _ in throw ExternalEditorError.editorFailed(command: "vi", status: 1) }]
            try harness.press("e")
            XCTAssertEqual(harness.flow.errors, ["the editor `vi` exited with status 1; the edit was abandoned"])
            XCTAssertEqual(harness.repository.calls(.update), 0)
        }
    }

    func testAddWhileSearchingShowsTheNewEntryInTheFullList() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("/")
            harness.type("carrot")
            try harness.press("enter")
            harness.editor.script = [{ _ in "Title: Dill\n" }]
            try harness.press("a")
            XCTAssertEqual(EntryListOrderTests.titles(harness).count, 4)
            XCTAssertEqual(harness.contentLines.last, "1 of 4", "Dill is the newest")
        }
    }

    func testAddTakesFreeTextTheJrnlWay() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            harness.editor.script = [{ _ in "* Called mum. She says hi. @family\n" }]
            try harness.press("a")
            XCTAssertEqual(harness.flow.messages, ["Added “Called mum.”"])
            let added = try XCTUnwrap(
                try harness.repository.page(PageRequest(order: .newest, limit: 10)).first { $0.title == "Called mum." })
            XCTAssertEqual(added.tags, ["family"])
            XCTAssertTrue(added.starred)
        }
    }

    func testADateLineMovesTheEntryAndItsRowShowsTheNewDate() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            let before = harness.screen
            harness.editor.script = [
                { text in
                    text.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.hasPrefix("Date: ") ? "Date: 2025-12-25 10:00" : String($0) }.joined(separator: "\n")
                }
            ]
            try harness.press("e")  // apple pie, the newest
            XCTAssertEqual(harness.flow.messages, ["Saved “apple pie”"])
            let row = try XCTUnwrap(harness.lines.first { $0.contains("apple pie") })
            XCTAssertTrue(row.contains("2025"), "the row shows the new date: \(row)\nbefore:\n\(before)")
            XCTAssertEqual(
                harness.contentLines.last, "3 of 3", "moved to the end of the newest-first list, still selected")
        }
    }
}
