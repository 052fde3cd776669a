import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The editor line comes from a file a stranger may have written (a config.yaml copied from a
/// dotfiles repository, a shared machine): it is run as a program and its words, never through a
/// shell, so nothing in it runs as a command; a config file not owned by the user, or writable by
/// others, is refused before anything reads it. And the editor in force is one: the one `entries
/// config` reports is the one `entries add`, `entries edit` and the app run.
final class HostileEditorConfigTests: ReliabilityTestCase {
    private var configFile: URL { directory.appendingPathComponent(".config/entries/config.yaml") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(
            at: configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    /// Shell syntax in the editor line, each piece of which would run `touch` under `sh -c`.
    private func hostileLine(editor: String) -> String {
        "\(editor) $(touch \(path("PWNED1"))) ; touch \(path("PWNED2")) | touch \(path("PWNED3")) `touch \(path("PWNED4"))` && touch \(path("PWNED5"))"
    }

    func testTheEditorLineRunsNoShell() throws {
        let database = path("journal.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        let recorder = try recordingEditor()
        var counter = TrialCounter()
        for command in [["edit", "1"], ["add"]] {
            try writeConfig("editor: '\(hostileLine(editor: recorder))'\n")
            let result = try runOnTerminal(["--database", database] + command, environment: [:])
            var problems = pwned().map { "\(command[0]): \($0) was created: the line ran in a shell" }
            let arguments =
                (try? String(contentsOfFile: path("arguments"), encoding: .utf8))?.split(separator: "\n").map(
                    String.init) ?? []
            let expected = [
                "$(touch", "\(path("PWNED1")))", ";", "touch", path("PWNED2"), "|", "touch", path("PWNED3"),
                "`touch", "\(path("PWNED4"))`", "&&", "touch", path("PWNED5"),
            ]
            if Array(arguments.dropLast()) != expected {
                problems.append("\(command[0]): the editor got \(arguments), not the words \(expected) and the file")
            }
            if result.status != 0 { problems.append("\(command[0]): exit status \(result.status): \(result.text)") }
            counter.record(problems)
            try? FileManager.default.removeItem(atPath: path("arguments"))
        }
        ledger.record(
            counter.row("hostile config: shell syntax in the editor line (entries add, edit)", nothingLost: nil))
    }

    func testAConfigOthersCanWriteOrDoNotOwnIsRefused() throws {
        let database = path("journal.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        var counter = TrialCounter()
        let cases: [(String, (String) -> Void)] = [
            ("writable by others (0666)", { chmod($0, 0o666) }),
            ("writable by its group (0620)", { chmod($0, 0o620) }),
            ("owned by another user", { chown($0, 65534, 65534) }),
            (
                "in a folder others can write (0777)",
                { path in chmod(URL(fileURLWithPath: path).deletingLastPathComponent().path, 0o777) }
            ),
        ]
        for (what, spoil) in cases {
            try writeConfig("editor: \(try recordingEditor())\n")
            spoil(configFile.path)
            for arguments in [["list"], ["config"], ["edit", "1"]] {
                let result = try runOnTerminal(["--database", database] + arguments, environment: [:])
                var problems: [String] = []
                if result.status != 1 {
                    problems.append("\(what), \(arguments[0]): exit status \(result.status), not 1")
                }
                if !result.text.contains(configFile.path)
                    || !result.text.contains("chmod") && !result.text.contains("chown")
                {
                    problems.append("\(what), \(arguments[0]): no message naming the file and the fix: \(result.text)")
                }
                if FileManager.default.fileExists(atPath: path("arguments")) {
                    problems.append("\(what): the editor ran")
                }
                counter.record(problems)
            }
            chmod(configFile.deletingLastPathComponent().path, 0o700)
            try FileManager.default.removeItem(at: configFile)
        }
        // Owned by the user (or root) and written by them only: read as before.
        try writeConfig("editor: \(try recordingEditor())\n")
        chmod(configFile.path, 0o644)
        let fine = try runOnTerminal(["--database", database, "list"], environment: [:])
        counter.record(fine.status == 0 ? [] : ["a 0644 config of the user's: \(fine.text)"])
        ledger.record(counter.row("hostile config: a config.yaml others can write or do not own", nothingLost: nil))
    }

    /// The editor `entries config` reports is the one that runs, for `add` with no text and for `edit`,
    /// from each place it can come from (the others set to an editor that fails).
    func testTheEditorInForceIsTheOneThatRuns() throws {
        let database = path("journal.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        let recorder = try recordingEditor()
        let failing = "/bin/false"
        var counter = TrialCounter()
        let sources: [(String, String?, [String: String])] = [
            (
                "ENTRIES_EDITOR", "editor: \(failing)\n",
                ["ENTRIES_EDITOR": recorder, "VISUAL": failing, "EDITOR": failing]
            ),
            ("config.yaml", "editor: \(recorder)\n", ["VISUAL": failing, "EDITOR": failing]),
            ("VISUAL", nil, ["VISUAL": recorder, "EDITOR": failing]),
            ("EDITOR", nil, ["EDITOR": recorder]),
        ]
        for (source, config, environment) in sources {
            if let config { try writeConfig(config) } else { try? FileManager.default.removeItem(at: configFile) }
            let reported = try entries.run(["--database", database, "config", "--json"], extraEnvironment: environment)
            var problems: [String] = []
            if !reported.standardOutput.contains(recorder) {
                problems.append("\(source): entries config does not report \(recorder): \(reported.standardOutput)")
            }
            for command in [["add"], ["edit", "1"]] {
                let result = try runOnTerminal(["--database", database] + command, environment: environment)
                if result.status != 0 {
                    problems.append("\(source), \(command[0]): exit status \(result.status): \(result.text)")
                }
                if !FileManager.default.fileExists(atPath: path("arguments")) {
                    problems.append("\(source), \(command[0]): the editor in force did not run")
                }
                try? FileManager.default.removeItem(atPath: path("arguments"))
            }
            counter.record(problems)
        }
        ledger.record(counter.row("editor: the one reported is the one that runs (add, edit)", nothingLost: nil))
    }

    /// The companion: the hostile line is armed — run the way the editor line used to be run,
    /// `sh -c 'LINE "$1"' sh FILE`, it creates the files.
    func testTheHostileLineRunsCommandsInAShell() throws {
        let recorder = try recordingEditor()
        let file = try writeFile("entry.md", Data("Title: x\n".utf8))
        _ = try entries.runProgram(
            URL(fileURLWithPath: "/bin/sh"), ["-c", hostileLine(editor: recorder) + " \"$1\"", "sh", file])
        XCTAssertEqual(pwned().count, 5, "the shell ran every piece")
    }

    // MARK: - Helpers

    private func pwned() -> [String] {
        (1...5).map { path("PWNED\($0)") }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    private func writeConfig(_ text: String) throws {
        try Data(text.utf8).write(to: configFile)
        chmod(configFile.path, 0o600)
    }

    /// An editor that writes its arguments, one a line, to `arguments`, and a new title into the file.
    private func recordingEditor() throws -> String {
        let script = path("recording-editor.sh")
        if !FileManager.default.fileExists(atPath: script) {
            let body =
                "#!/bin/sh\nfor word in \"$@\"; do printf '%s\\n' \"$word\"; done > '\(path("arguments"))'\n"
                + "for last in \"$@\"; do :; done\nprintf 'Title: Written by the editor\\n\\nbody\\n' > \"$last\"\n"
            try Data(body.utf8).write(to: URL(fileURLWithPath: script))
            chmod(script, 0o755)
        }
        return script
    }

    /// `entries` with its standard streams on a terminal (add opens the editor only there).
    private func runOnTerminal(
        _ arguments: [String], environment: [String: String]
    ) throws -> PseudoTerminalCommand.Result {
        var all = entries.environment
        for (key, value) in environment { all[key] = value }
        return try PseudoTerminalCommand.run(
            entries.executable.path, arguments, environment: all, folder: directory,
            inputIsTerminal: true, timeout: 30)
    }
}
