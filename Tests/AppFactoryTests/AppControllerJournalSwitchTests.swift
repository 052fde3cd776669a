import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Switching journals in the running app, with the real factory: the App Controller swaps the
/// journal scope (store and contexts) under the window, and closes the old one.
final class AppControllerJournalSwitchTests: XCTestCase {
    /// The file descriptors of this process open on `path` (its -wal and -shm files included).
    private nonisolated static func openDescriptors(on path: String) -> [String] {
        let folder = "/proc/self/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
            .filter { $0.hasPrefix(path) }
    }

    func testEveryContextShowsTheNewJournalAndTheOldStoreIsClosed() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let other = directory.url.appendingPathComponent("work.sqlite").path
            let work = try EntryDatabase(path: other)
            try work.entries.insert(EntryDraft(title: "Quarterly plan", body: "Only at work", tags: ["office"]))
            try work.close()
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 80, height: 24), journalName: "default")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            let first = app.factory.store
            try app.press("s")  // Settings open over the list: it belongs to the journal being left
            XCTAssertFalse(Self.openDescriptors(on: directory.databasePath).isEmpty, "the first journal is open")

            app.factory.appController.switchJournal(to: NamedJournal(name: "work", location: other, line: 0))
            app.screen.render()
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "work › Entries")
            XCTAssertTrue(app.lines[1].hasPrefix("Quarterly plan"), app.lines.joined(separator: "\n"))
            for title in KnownEntries.newestFirst {
                XCTAssertFalse(app.lines.joined().contains(title), "nothing of the old journal remains: \(title)")
            }
            XCTAssertNil(try app.window.presentedScene, "Settings of the old journal went")
            XCTAssertEqual(app.factory.appController.journalName, "work")
            XCTAssertTrue(app.factory.store !== first)
            XCTAssertThrowsError(try first.dataVersion(), "the old store is closed")
            XCTAssertEqual(Self.openDescriptors(on: directory.databasePath), [], "no file of the old journal is held")
            // Settings, the calendar and search read the new store.
            try app.press("s")
            XCTAssertEqual(
                app.header.trimmingCharacters(in: .whitespaces), "work › Entries › Settings",
                app.lines.joined(separator: "\n"))
            try app.press("esc", "c")
            XCTAssertEqual(
                app.header.trimmingCharacters(in: .whitespaces), "work › Entries › Calendar",
                app.lines.joined(separator: "\n"))
            try app.press("esc", "/")
            app.screen.send("quarterly")
            XCTAssertTrue(app.lines.contains { $0.contains("Quarterly plan") })
            // Another process's writes to the new journal show; the old one's do not.
            try app.press("esc", "esc")
            let elsewhere = try EntryDatabase(path: other)
            try elsewhere.entries.insert(
                EntryDraft(title: "Written elsewhere", createdAt: Date().addingTimeInterval(60)))
            try elsewhere.close()
            app.screen.tick()
            app.screen.tick()
            XCTAssertTrue(app.lines[1].hasPrefix("Written elsewhere"), app.lines.joined(separator: "\n"))
        }
    }

    func testAJournalThatCannotBeOpenedLeavesTheAppWhereItWas() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let notAJournal = try directory.write(
                String(repeating: "my notes, not SQLite\n", count: 100), to: "notes.txt")
            let before = try Data(contentsOf: notAJournal)
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 100, height: 24), journalName: "default")
            app.factory.appController.switchJournal(
                to: NamedJournal(name: "notes", location: notAJournal.path, line: 0))
            app.screen.render()
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "default › Entries")
            assertScreenContains(app.screen, "cannot open the journal `notes`")
            XCTAssertEqual(try Data(contentsOf: notAJournal), before, "the refused file is unchanged")
            XCTAssertEqual(app.factory.appController.journalName, "default")
            XCTAssertNoThrow(try app.factory.store.dataVersion(), "the journal it was on is still open")
        }
    }

    /// The storyboard's `o` opens the list of journals; their counts come on a later tick; enter on
    /// another switches the app to it.
    func testTheKeyOpensTheJournalsAndEnterSwitches() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let other = directory.url.appendingPathComponent("work.sqlite").path
            let work = try EntryDatabase(path: other)
            try work.entries.insert(EntryDraft(title: "Quarterly plan"))
            try work.close()
            var configuration = UserConfiguration(path: directory.url.appendingPathComponent("config.yaml").path)
            configuration.journals = [
                NamedJournal(name: "default", location: directory.databasePath, line: 2),
                NamedJournal(name: "work", location: other, line: 3),
            ]
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 100, height: 24),
                userConfiguration: configuration, journalName: "default")
            try app.press("o")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "default › Entries › Journals")
            let deadline = Date().addingTimeInterval(5)
            while !app.lines.joined().contains("1 entry"), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
                app.screen.tick()
            }
            assertScreenContains(app.screen, "│* default  sqlite      4 entries  /tmp/")
            assertScreenContains(app.screen, "│  work     sqlite      1 entry    /tmp/")
            try app.press("j", "enter")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "work › Entries")
            XCTAssertNil(try app.window.presentedScene)
            XCTAssertTrue(app.lines[1].hasPrefix("Quarterly plan"), app.lines.joined(separator: "\n"))
            try app.press("o", "esc")
            XCTAssertNil(try app.window.presentedScene, "esc closes the list")
            XCTAssertEqual(app.factory.appController.journalName, "work")
        }
    }

    /// The list of journals writes its counts as the list's footer does: "2,999 entries", not "2999".
    func testTheJournalsCountsAreGroupedAsTheListsAre() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let other = directory.url.appendingPathComponent("work.sqlite").path
            let work = try EntryDatabase(path: other)
            try work.entries.insert(contentsOf: (1...2_999).map { EntryDraft(title: "Plan \($0)") }, progress: nil)
            try work.close()
            var configuration = UserConfiguration(path: directory.url.appendingPathComponent("config.yaml").path)
            configuration.journals = [
                NamedJournal(name: "default", location: directory.databasePath, line: 2),
                NamedJournal(name: "work", location: other, line: 3),
            ]
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 100, height: 24),
                userConfiguration: configuration, journalName: "default")
            try app.press("o")
            let deadline = Date().addingTimeInterval(5)
            while !app.lines.joined().contains("4 entries"), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
                app.screen.tick()
            }
            assertScreenContains(app.screen, "│* default  sqlite      4 entries      /tmp/")
            assertScreenContains(app.screen, "│  work     sqlite      2,999 entries  /tmp/")
        }
    }

    /// `q` in the list of journals closes the list, as Esc does, instead of quitting the app under it.
    func testQClosesTheJournalsWithoutQuitting() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            var configuration = UserConfiguration(path: directory.url.appendingPathComponent("config.yaml").path)
            configuration.journals = [
                NamedJournal(name: "default", location: directory.databasePath, line: 2),
                NamedJournal(name: "work", location: directory.url.appendingPathComponent("work.sqlite").path, line: 3),
            ]
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 80, height: 24),
                userConfiguration: configuration, journalName: "default")
            try app.press("o")
            XCTAssertNotNil(try app.window.presentedScene)
            try app.press("q")
            XCTAssertNil(try app.window.presentedScene, "q closes the list")
            XCTAssertFalse(try app.window.isFinished, "and does not quit the app")
            try app.press("o", "escape")
            XCTAssertNil(try app.window.presentedScene, "so does Esc")
            try app.press("o", "?")
            assertScreenContains(app.screen, "esc/q")
            XCTAssertEqual(app.factory.appController.journalName, "default")
        }
    }

    /// Picking an encrypted journal asks for its passphrase in a dialog (a dot per character, `q`
    /// typed as a letter); a wrong one leaves the app where it was, the right one switches.
    func testAnEncryptedJournalAsksForItsPassphrase() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let secret = directory.url.appendingPathComponent("secret.sqlite").path
            let created = try EntryDatabase.createEncrypted(
                path: secret, passphrase: Passphrase(bytes: Array("quietly".utf8)), cost: .fastest)
            try created.database.entries.insert(EntryDraft(title: "Sealed thought"))
            try created.database.close()
            var configuration = UserConfiguration(path: directory.url.appendingPathComponent("config.yaml").path)
            configuration.journals = [
                NamedJournal(name: "default", location: directory.databasePath, line: 2),
                NamedJournal(name: "secret", location: secret, line: 3),
            ]
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 80, height: 24),
                userConfiguration: configuration, journalName: "default")
            @MainActor func type(_ text: String) { for character in text { app.screen.send(.character(character)) } }

            try app.press("o", "j", "enter")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "default › Entries › Passphrase for secret")
            type("quiet")
            assertScreenContains(app.screen, "•••••")
            XCTAssertFalse(app.lines.joined().contains("quiet"), "the passphrase is not shown")
            try app.press("enter")
            assertScreenContains(app.screen, "wrong passphrase")
            XCTAssertEqual(app.factory.appController.journalName, "default", "a wrong passphrase stays")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)

            try app.press("o", "j", "enter", "escape")
            XCTAssertNil(try app.window.presentedScene, "Esc gives up")
            XCTAssertEqual(app.factory.appController.journalName, "default")

            try app.press("o", "j", "enter")
            type("quietlyx")
            try app.press("backspace", "enter")
            XCTAssertEqual(app.factory.appController.journalName, "secret")
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "secret › Entries")
            XCTAssertTrue(app.lines[1].hasPrefix("Sealed thought"), app.lines.joined(separator: "\n"))
        }
    }

    /// In the terminal the journal opens on a thread of its own: the app answers keys meanwhile, and
    /// switches when the store is delivered through the run loop's mailbox.
    func testInTheTerminalTheJournalOpensOffTheMainThread() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let other = directory.url.appendingPathComponent("work.sqlite").path
            let work = try EntryDatabase(path: other)
            try work.entries.insert(EntryDraft(title: "Quarterly plan"))
            try work.close()
            let app = try AppHarness(
                databasePath: directory.databasePath, size: Size(width: 80, height: 24), journalName: "default",
                readsInBackground: true)
            let mailbox = try XCTUnwrap(app.terminal.runRoots.last?.mailbox)
            @MainActor func settle(until done: () -> Bool) {
                let deadline = Date().addingTimeInterval(5)
                while !done(), Date() < deadline {
                    _ = mailbox.deliver()
                    app.screen.render()
                    Thread.sleep(forTimeInterval: 0.01)
                }
            }
            settle { app.listedTitles == KnownEntries.newestFirst }
            app.factory.appController.switchJournal(to: NamedJournal(name: "work", location: other, line: 0))
            app.screen.render()
            XCTAssertEqual(
                app.header.trimmingCharacters(in: .whitespaces), "default › Entries",
                "not switched before the store is delivered")
            assertScreenContains(app.screen, "Opening the journal work…")
            settle { app.header.hasPrefix("work") && app.lines[1].hasPrefix("Quarterly plan") }
            XCTAssertEqual(app.header.trimmingCharacters(in: .whitespaces), "work › Entries")
            XCTAssertTrue(app.lines[1].hasPrefix("Quarterly plan"), app.lines.joined(separator: "\n"))
        }
    }
}
