import AppShell
import Foundation
import XCTest

/// The README's "Coming from jrnl" commands, run as written, in order, on a new journal: each must do
/// what its comment says and exit 0. A README whose first commands fail loses a reader at once.
final class ReadmeTourTests: EntriesCommandTestCase {
    /// The commands of the README's block, as a shell would split them, comments dropped.
    private func tourCommands() throws -> [[String]] {
        let readme = try String(
            contentsOf: EntriesStoryboardCommandTests.repositoryRoot.appendingPathComponent("README.md"),
            encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## Coming from jrnl").dropFirst().first)
        let block = section.components(separatedBy: "\n\n").dropFirst().first ?? ""
        return try block.split(separator: "\n").map { line in
            let command = line.components(separatedBy: "  #").first ?? String(line)
            return try EditorCommandLine(command.trimmingCharacters(in: .whitespaces)).words
        }
    }

    func testTheReadmesFirstCommandsWorkAsWritten() throws {
        let commands = try tourCommands()
        XCTAssertGreaterThanOrEqual(commands.count, 5, "the README's tour was not found: \(commands)")
        // What the tour assumes exists: a jrnl export in the home folder, an editor, a passphrase.
        _ = try writeFile(
            "journal.json",
            """
            {"tags": {"@recipes": 1}, "entries": [
            {"title": "Red beans and rice.", "body": "Soak the red beans overnight. @recipes", "date": "2024-06-03",
             "time": "18:30", "tags": ["@recipes"], "starred": false}]}
            """)
        let editor = try writeFile(
            "editor.sh", "#!/bin/sh\nprintf 'Went for a walk. The river was high.\\n' > \"$1\"\n")
        XCTAssertEqual(chmod(editor, 0o755), 0)
        let encrypted = directory.appendingPathComponent("private.sqlite").path

        for words in commands {
            XCTAssertEqual(words.first, "entries", "every line of the tour is an entries command: \(words)")
            var arguments = Array(words.dropFirst()).map {
                $0.replacingOccurrences(of: "~/", with: directory.path + "/")
            }
            var extra: [String: String?] = ["EDITOR": editor]
            if arguments.first == "init" {
                // A journal of its own: the tour's other journal already exists.
                arguments += ["--database", encrypted]
                extra["ENTRIES_PASSPHRASE_COMMAND"] = "printf 'correct horse battery'"
            }
            let result: CommandResult
            if arguments == ["add"] {
                // The editor opens only for a person at a terminal: script(1) gives the command one.
                let script = "/usr/bin/script"
                try XCTSkipUnless(
                    FileManager.default.isExecutableFile(atPath: script), "needs script(1) for a pseudo-terminal")
                result = try EntriesBinary.run(
                    executable: URL(fileURLWithPath: script),
                    ["-qec", "'\(try EntriesBinary.locate().path)' add", "/dev/null"],
                    input: Data(), environment: environment(extra), directory: directory)
            } else {
                result = try EntriesBinary.run(
                    arguments, input: Data(), environment: environment(extra), directory: directory)
            }
            XCTAssertEqual(result.status, 0, "entries \(arguments.joined(separator: " ")) failed: \(result.error)")
        }

        // And each did what it said.
        let all = try succeed("list", "--limit", "100")
        XCTAssertTrue(all.contains("Red beans and rice."), "the jrnl export was imported: \(all)")
        XCTAssertTrue(all.contains("Called mum."), all)
        XCTAssertTrue(all.contains("Went for a walk."), "the editor's free text is an entry: \(all)")
        XCTAssertTrue(try succeed("search", "red beans", "tag:recipes").contains("Red beans and rice."))
        XCTAssertTrue(FileManager.default.fileExists(atPath: encrypted), "init --encrypted made the journal")
    }
}
