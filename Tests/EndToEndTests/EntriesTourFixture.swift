import Foundation
import XCTest

/// The world of one tour of the real `entries` app: a temporary folder holding a database of five
/// entries (imported with `entries import`), a scripted editor, and a tmux pane with a shell in
/// which the app is started. `finish()` kills the tmux server and removes the folder.
final class EntriesTourFixture {
    /// The entries imported at the start, as (title, body, creation day in January 2024). Their
    /// orders differ: newest first is Mango, Zucchini, Apple, Banana, Kiwi; by title it is Apple,
    /// Banana, Kiwi, Mango, Zucchini.
    static let entries: [(title: String, body: String, day: Int)] = [
        ("Kiwi notes", "Body of kiwi.", 1),
        ("Banana notes", "Body of banana.", 2),
        ("Apple notes", "Body of apple.", 3),
        ("Zucchini notes", "Body of zucchini.", 4),
        ("Mango notes", "Body of mango.", 5),
    ]
    static let newestFirst = ["Mango notes", "Zucchini notes", "Apple notes", "Banana notes", "Kiwi notes"]
    static let byTitle = ["Apple notes", "Banana notes", "Kiwi notes", "Mango notes", "Zucchini notes"]

    let directory: URL
    /// The database file, or the `postgresql://` location given to the initializer.
    let database: String
    let binary: String
    let tmux: TmuxSession
    /// The editor `a` and `e` run: it copies the text it was given to `editorInput` and replaces it
    /// with the contents of `nextEditorText`.
    let editorScript: URL
    let editorInput: URL
    let nextEditorText: URL

    /// Builds the database (a file in the folder, or the empty database at `location`) and starts a
    /// `width`×`height` tmux pane (throws `XCTSkip` without tmux).
    init(width: Int, height: Int, location: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        binary = try BuiltProducts.executable("entries", file: file, line: line)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "entries-tour-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = location ?? directory.appendingPathComponent("entries.sqlite").path
        editorScript = directory.appendingPathComponent("editor.sh")
        editorInput = directory.appendingPathComponent("editor-input.txt")
        nextEditorText = directory.appendingPathComponent("next-editor-text.txt")
        do {
            try Self.writeEditorScript(at: editorScript, input: editorInput, next: nextEditorText)
            try Self.importEntries(binary: binary, database: database, directory: directory)
            tmux = try TmuxSession(width: width, height: height)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Kills the tmux server (and the app in it) and removes the temporary folder.
    func finish() {
        tmux.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Running the app

    /// The shell command that starts the app on the tour's database with the scripted editor.
    var appCommand: String {
        "ENTRIES_DATABASE=\(Self.quoted(database)) VISUAL=\(Self.quoted(editorScript.path)) "
            + "EDITOR=\(Self.quoted(editorScript.path)) \(Self.quoted(binary))"
    }

    /// What the shell prints just before the app starts, to tell its screen from the app's.
    static let shellMarker = "before-app-42"

    /// Starts the app from the pane's shell (after printing `shellMarker` there) and waits for the list.
    @discardableResult
    func launch(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try launch(command: appCommand, file: file, line: line)
    }

    /// Runs `command` (which starts the app) after printing `shellMarker`, and waits for the list.
    @discardableResult
    func launch(command: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // `$((6*7))` prints 42: the marker shows on the shell's screen, not on the typed command line.
        try tmux.typeLine("echo before-app-$((6*7)); \(command)")
        return try waitForFrame("the list of entries", file: file, line: line) { screen in
            !screen.contains(Self.shellMarker) && screen.contains("Entries") && screen.contains(" of 5")
        }
    }

    /// Presses `key` and waits until the screen satisfies `condition`; returns that screen.
    @discardableResult
    func press(
        _ key: String, until what: String, file: StaticString = #filePath, line: UInt = #line,
        _ condition: (String) -> Bool
    ) throws -> String {
        try tmux.press(key)
        return try waitForFrame(what, file: file, line: line, until: condition)
    }

    /// Waits until the screen satisfies `condition` and is the same on two captures in a row. A frame
    /// reaches tmux in pieces, so a capture can catch one half drawn (new rows, old status bar); the
    /// app draws nothing more until the next key, so a screen that holds still is a whole frame.
    @discardableResult
    func waitForFrame(
        _ what: String, file: StaticString = #filePath, line: UInt = #line, until condition: (String) -> Bool
    ) throws -> String {
        var previous = ""
        return try tmux.waitForScreen(what, file: file, line: line) { screen in
            defer { previous = screen }
            return screen == previous && condition(screen)
        }
    }

    /// The first line of `screen`: the title path ("Entries › Details").
    static func header(of screen: String) -> String {
        String(screen.prefix { $0 != "\n" }).trimmingCharacters(in: .whitespaces)
    }

    /// Waits for the shell to be back on its own screen: the marker printed before the app and a
    /// prompt on the last non-blank line (the alternate screen shows neither).
    @discardableResult
    func waitForShell(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try tmux.waitForScreen("the shell's screen after the app", file: file, line: line) { screen in
            screen.contains(Self.shellMarker) && TmuxSession.isAtPrompt(screen)
        }
    }

    // MARK: - The editor

    /// What the scripted editor saves the next time it runs.
    func setNextEditorText(_ text: String) throws {
        try Data(text.utf8).write(to: nextEditorText)
    }

    /// The text the app gave the editor the last time it ran.
    func lastEditorInput() throws -> String {
        try String(contentsOf: editorInput, encoding: .utf8)
    }

    // MARK: - The database, through the command line

    /// The titles in the database, newest first (`entries list --json`).
    func storedTitles(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let output = try Self.runEntries(["list", "--json"], binary: binary, database: database)
        let records = try JSONSerialization.jsonObject(with: output) as? [[String: Any]]
        guard let records else {
            XCTFail(
                "entries list --json did not print an array: \(String(decoding: output, as: UTF8.self))", file: file,
                line: line)
            return []
        }
        return records.compactMap { $0["title"] as? String }
    }

    private static func importEntries(binary: String, database: String, directory: URL) throws {
        let records = entries.map { entry in
            [
                "title": entry.title, "body": entry.body, "tags": ["tour"],
                "createdAt": String(format: "2024-01-%02dT09:00:00.000Z", entry.day),
            ] as [String: Any]
        }
        try importRecords(records, binary: binary, database: database, directory: directory)
    }

    /// Imports `records` (objects of the JSON import format) into `database` with `entries import`.
    func importRecords(_ records: [[String: Any]], into database: String) throws {
        try Self.importRecords(records, binary: binary, database: database, directory: directory)
    }

    private static func importRecords(
        _ records: [[String: Any]], binary: String, database: String, directory: URL
    ) throws {
        let file = directory.appendingPathComponent("import-\(UUID().uuidString.prefix(8)).json")
        try JSONSerialization.data(withJSONObject: records).write(to: file)
        try runEntries(["import", file.path], binary: binary, database: database)
    }

    /// Runs `entries ARGUMENTS` on the tour's database from outside the app (another user, say).
    @discardableResult
    func runEntries(_ arguments: [String]) throws -> Data {
        try Self.runEntries(arguments, binary: binary, database: database)
    }

    /// Runs `entries ARGUMENTS` on another journal (a file or a `postgresql://` location), with
    /// `environment` added to the command's (`XDG_CONFIG_HOME` for a config of named journals).
    @discardableResult
    func runEntries(_ arguments: [String], database: String, environment: [String: String] = [:]) throws -> Data {
        try Self.runEntries(arguments, binary: binary, database: database, environment: environment)
    }

    /// Runs `entries ARGUMENTS` on the tour's database; throws with its error output when it fails.
    @discardableResult
    private static func runEntries(
        _ arguments: [String], binary: String, database: String, environment: [String: String] = [:]
    ) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment.merging(["ENTRIES_DATABASE": database, "PATH": "/usr/bin:/bin"]) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting, so a full pipe cannot block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TourError(
                "entries \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(errorText)")
        }
        return data
    }

    private static func writeEditorScript(at script: URL, input: URL, next: URL) throws {
        let text = """
            #!/bin/sh
            # The tour's editor: keeps what it was given, saves the prepared text.
            cp "$1" \(quoted(input.path)) && cat \(quoted(next.path)) > "$1"

            """
        try Data(text.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    }

    /// `text` quoted for the POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: - Reading screens

    /// The rows of `screen` holding each of `titles`, top to bottom (titles not on screen are left out).
    static func order(of titles: [String], in screen: String) -> [String] {
        // The list's side only: the preview beside it (on by default from 100 columns) repeats a title.
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: "│", maxSplits: 1).first ?? $0
        }
        let positions = titles.compactMap { title in lines.firstIndex { $0.contains(title) }.map { (title, $0) } }
        return positions.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The rows of the content area of `screen`: without the header, the list footer and the status bar.
    func contentRows(of screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.dropFirst().prefix(max(0, tmux.size.height - 3)).joined(separator: "\n")
    }

    /// The list footer of `screen` ("2 of 5", "1 match for “zucc” · 1 of 1"): the line above the status bar.
    func footer(of screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let row = tmux.size.height - 2
        return lines.indices.contains(row) ? lines[row].trimmingCharacters(in: .whitespaces) : ""
    }
}

/// A step of the tour's set-up failed.
struct TourError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
