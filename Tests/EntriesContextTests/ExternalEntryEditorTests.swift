import AppShell
import EntriesContext
import Foundation
import XCTest

/// The live `EntryEditing`: the user's `$EDITOR` on a temporary file (here, small shell scripts).
final class ExternalEntryEditorTests: XCTestCase {
    private var directory: URL?

    override func setUpWithError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entry-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
    }

    override func tearDown() {
        directory.map { try? FileManager.default.removeItem(at: $0) }
    }

    /// An executable script that does `body` to the file it is given as `$1`.
    private func script(_ body: String) throws -> String {
        let url = try XCTUnwrap(directory).appendingPathComponent("editor-\(UUID().uuidString).sh")
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        return url.path
    }

    func testTheEditedTextComesBack() throws {
        let command = try script(#"printf 'Title: Hello\n' > "$1""#)
        let directory = try XCTUnwrap(directory)
        try onMainActor {
            let editor = ExternalEntryEditor(
                editor: ExternalEditor(environment: ["EDITOR": command], temporaryDirectory: directory))
            XCTAssertEqual(try editor.edit("Title: \n"), "Title: Hello\n")
        }
    }

    func testAnUnchangedFileIsNil() throws {
        let command = try script("true")
        let directory = try XCTUnwrap(directory)
        try onMainActor {
            let editor = ExternalEntryEditor(
                editor: ExternalEditor(environment: ["VISUAL": command], temporaryDirectory: directory))
            XCTAssertNil(try editor.edit("Title: Same\n"))
        }
    }

    func testAFailingEditorThrows() throws {
        let command = try script("exit 3")
        let directory = try XCTUnwrap(directory)
        try onMainActor {
            let editor = ExternalEntryEditor(
                editor: ExternalEditor(environment: ["EDITOR": command], temporaryDirectory: directory))
            XCTAssertThrowsError(try editor.edit("Title: x\n"))
        }
    }
}
