import EntryModel
import Foundation
import XCTest

/// The command-line conventions of issue 16: `--version`, the usage line, `--storyboards` only in the
/// help of the commands it changes, and completion scripts that bash really runs.
final class EntriesConventionsCommandTests: EntriesCommandTestCase {
    func testVersionPrintsOneVersionLine() throws {
        let result = try entries("--version")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertNotNil(
            result.output.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+\n$"#, options: .regularExpression), result.output)
        XCTAssertTrue(try succeed("--help").contains("--version"))
    }

    func testUsageSaysThatWithoutASubcommandTheAppOpens() throws {
        let help = try succeed("--help")
        XCTAssertTrue(
            help.contains(
                "USAGE: entries [--database <path> | -j <name>] [--storyboards <dir>]     (opens the terminal UI)"),
            help)
        XCTAssertTrue(help.contains("       entries <subcommand> [<options>]"), help)
    }

    func testStoryboardsOptionOnlyInTheHelpOfTheCommandsItChanges() throws {
        for command in [
            ["list"], ["show"], ["search"], ["add"], ["edit"], ["delete"], ["import"], ["export"], ["completions"],
        ] {
            let help = try EntriesBinary.run(
                command + ["--help"], input: nil, environment: environment(), directory: directory)
            XCTAssertFalse(help.output.contains("--storyboards"), "\(command) --help: \(help.output)")
        }
        for command in [[], ["storyboard", "lint"], ["storyboard", "graph"]] {
            let help = try EntriesBinary.run(
                command + ["--help"], input: nil, environment: environment(), directory: directory)
            XCTAssertTrue(help.output.contains("--storyboards <dir>"), "\(command) --help: \(help.output)")
        }
    }

    func testCompletionScriptsForEveryShell() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try succeed("completions", shell)
            XCTAssertTrue(script.contains("---completion"), "\(shell) script asks entries for tags and ids")
            XCTAssertTrue(script.contains("storyboard"), "\(shell) script knows the subcommands")
        }
        XCTAssertEqual(try entries("completions", "tcsh").status, 64)
    }

    func testBashCompletesTagsFromTheDatabase() throws {
        try seed([
            EntryDraft(title: "A", tags: ["work", "weekend"], createdAt: day(1)),
            EntryDraft(title: "B", tags: ["home", "evil\u{1B}]2;X\u{07}"], createdAt: day(2)),
        ])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", ""]), ["home", "weekend", "work"])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", "w"]), ["weekend", "work"])
        XCTAssertEqual(try bashCompletions(["entries", "add", "--title", "T", "--tag", "ho"]), ["home"])
    }

    func testBashCompletesIdsFromTheDatabaseAndTheTypedDatabase() throws {
        try seed((1...12).map { EntryDraft(title: "Entry \($0)", createdAt: day($0)) })
        XCTAssertEqual(try bashCompletions(["entries", "show", "1"]), ["1", "10", "11", "12"])
        XCTAssertEqual(try bashCompletions(["entries", "delete", "9"]), ["9"])
        // `--database` typed on the line wins over $ENTRIES_DATABASE, as it would for the command.
        let other = directory.appendingPathComponent("other.sqlite").path
        try succeed("add", "--database", other, "--title", "Only one", "--tag", "elsewhere")
        XCTAssertEqual(try bashCompletions(["entries", "--database", other, "edit", ""]), ["1"])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--database", other, "--tag", ""]), ["elsewhere"])
    }

    /// `-j` completes the config's journal names, and ids and tags come from the journal typed.
    func testBashCompletesJournalNamesAndReadsTheTypedJournal() throws {
        let work = directory.appendingPathComponent("work.sqlite").path
        let folder = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("journals:\n  work: \(work)\n  weekend: /w/weekend.sqlite\n".utf8).write(
            to: folder.appendingPathComponent("config.yaml"))
        XCTAssertEqual(try bashCompletions(["entries", "list", "-j", "w"]), ["weekend", "work"])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--journal", ""]), ["default", "weekend", "work"])
        try succeed("add", "-j", "work", "--title", "At work", "--tag", "office")
        try seed([EntryDraft(title: "Elsewhere", tags: ["home"], createdAt: day(1))])
        XCTAssertEqual(try bashCompletions(["entries", "list", "-j", "work", "--tag", ""]), ["office"])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", ""]), ["home"])
    }

    /// Tags come from strangers (an imported file): bash gets them as data. Before, they went through
    /// `compgen -W "$(…)"`, which ran `$(…)` and backquotes in a tag on Tab.
    func testBashOffersHostileTagsAsDataAndRunsNothing() throws {
        let hostile = [
            "$(touch${IFS}$HOME/PWNED1)", "`touch $HOME/PWNED2`", "a;touch $HOME/PWNED3", "it's \"q\"", "*", "my tag",
            "~x",
        ]
        try seed([EntryDraft(title: "A", tags: hostile + ["work"], createdAt: day(1))])
        // What the shell reads back from each inserted candidate is the tag itself.
        XCTAssertEqual(
            try bashCompletions(["entries", "list", "--tag", ""], readBack: true), (hostile + ["work"]).sorted())
        // The typed word is compared literally, as bash reads it (quotes and backslashes removed).
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", "$("], readBack: true), [hostile[0]])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", "'my t"], readBack: true), ["my tag"])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", "\\`"], readBack: true), [hostile[1]])
        XCTAssertEqual(try bashCompletions(["entries", "list", "--tag", "*"], readBack: true), ["*"])
        // Inserted quoted: a glob or a command substitution stays a word of text.
        XCTAssertTrue(try bashCompletions(["entries", "list", "--tag", "$("]).allSatisfy { $0.hasPrefix("\\$\\(") })
        let planted = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("PWNED")
        }
        XCTAssertEqual(planted, [], "a tag ran as a command")
        XCTAssertFalse(
            try succeed("completions", "bash").contains("compgen -W \"$("), "no candidate list is expanded by bash")
    }

    func testCompletionNeverCreatesADatabase() throws {
        XCTAssertEqual(try bashCompletions(["entries", "show", ""]), [])
        XCTAssertEqual(
            try bashCompletions(["entries", "list", "--tag", ""], environment: ["ENTRIES_DATABASE": nil]), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(".local/share/entries").path))
    }

    /// What bash offers for the last word of `words`: the script from `entries completions bash`,
    /// sourced in a real bash, with `entries` found on the PATH as an installed one would be.
    /// With `readBack`, each candidate as the shell reads it once inserted (its quoting removed).
    private func bashCompletions(
        _ words: [String], environment extra: [String: String?] = [:], readBack: Bool = false
    ) throws -> [String] {
        let scriptPath = try writeFile("entries.bash", try succeed("completions", "bash"))
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let line = words.joined(separator: " ")
        let driver = """
            source \(scriptPath)
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line.replacingOccurrences(of: "'", with: "'\\''"))'
            COMP_POINT=${#COMP_LINE}
            _entries entries \(quoted[words.count - 1]) \(quoted[words.count - 2])
            \(readBack ? "for c in \"${COMPREPLY[@]}\"; do eval \"printf '%s\\\\n' $c\"; done" : "printf '%s\\n' \"${COMPREPLY[@]}\"")
            """
        var environment = self.environment(extra)
        let binaryFolder = try EntriesBinary.locate().deletingLastPathComponent().path
        environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "")
        let result = try EntriesBinary.run(
            executable: URL(fileURLWithPath: "/bin/bash"), ["--norc", "--noprofile", "-c", driver],
            input: nil, environment: environment, directory: directory)
        XCTAssertEqual(result.status, 0, result.error)
        return result.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.sorted()
    }
}
