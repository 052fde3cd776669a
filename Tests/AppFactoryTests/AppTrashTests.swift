import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// The Trash in the whole app (the real factory and App Controller): built from the common context
/// services with no line of its own in the factory or the App Controller, reached by reference from
/// the Entries list (`T`) and from Settings (`T`), and a restore there shows in the list at once.
final class AppTrashTests: XCTestCase {
    func testAnEntryDeletedInTheListIsRestoredFromTheTrashAndShowsInTheListAgain() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            let app = try AppHarness(directory: directory, size: Size(width: 100, height: 20))
            app.ownedDirectory = directory
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst)
            try app.press("d", "y")
            XCTAssertEqual(app.listedTitles, Array(KnownEntries.newestFirst.dropFirst()))
            try app.press("T")
            XCTAssertEqual(app.header, "Entries › Trash", app.lines.joined(separator: "\n"))
            XCTAssertTrue(
                app.lines.contains { $0.contains("│Daily walk ") && $0.hasSuffix("30 days left│") },
                app.lines.joined(separator: "\n"))
            try app.press("r")
            assertScreenContains(app.screen, "The trash is empty")
            try app.press("esc")
            XCTAssertNil(try app.window.presentedScene, "the Trash is closed")
            XCTAssertEqual(app.header, "Entries")
            XCTAssertEqual(app.listedTitles, KnownEntries.newestFirst, "the restored entry is in the list again")
            // Opened again, the Trash is a fresh scene: the App Controller knew it was closed.
            try app.press("T")
            XCTAssertEqual(app.header, "Entries › Trash")
            try app.press("T")
            XCTAssertNil(try app.window.presentedScene, "T closes it too")
        }
    }

    func testTheTrashOpensFromSettingsAndEscGoesBackToSettings() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            let app = try AppHarness(directory: directory, size: Size(width: 100, height: 20))
            app.ownedDirectory = directory
            try app.press("s", "T")
            XCTAssertEqual(try app.window.presentedScenes.count, 2, "the Trash over Settings")
            assertScreenContains(app.screen, "The trash is empty")
            try app.press("esc")
            XCTAssertEqual(try app.window.presentedScenes.count, 1)
            XCTAssertTrue(app.header.hasSuffix("Settings"), app.header)
        }
    }
}
