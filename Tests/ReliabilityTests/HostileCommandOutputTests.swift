import EntryModel
import SQLiteStore
import Foundation
import XCTest

/// Every command of the command line with hostile content — entries, storyboards, file names, argument
/// values, an editor's text — run with standard output and standard error on a pseudo-terminal: not
/// one escape sequence or other control reaches it (``CommandOutputAudit``), and each command still
/// does what it says (its exit status; the hostile value shown as notation where it is echoed).
final class HostileCommandOutputTests: ReliabilityTestCase {
    /// What hostile names and values carry: a title change, a clipboard write, a C1 CSI, a bidi override.
    static let payload = "\u{1B}]2;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}31m\u{202E}"
    /// The start of the payload as the sanitizer shows it.
    static let shownPayload = "^[]2;pwned^G^[]52;c;cHduZWQ=^G<U+009B>31m<U+202E>"

    struct Run {
        var name: String
        var arguments: [String]
        /// The exit statuses that count as doing what it says.
        var statuses: Set<Int32>
        var mustShow: String? = nil
        var inputIsTerminal = false
        var environment: [String: String] = [:]
    }

    func testEveryCommandWritesNoControlToATerminal() throws {
        let runs = try hostileRuns()
        var counter = TrialCounter()
        var bytesSeen = 0
        for run in runs {
            var environment = entries.environment
            for (key, value) in run.environment { environment[key] = value }
            let result = try PseudoTerminalCommand.run(
                entries.executable.path, run.arguments, environment: environment,
                folder: directory, inputIsTerminal: run.inputIsTerminal)
            bytesSeen += result.bytes.count
            var problems = CommandOutputAudit.violations(in: result.bytes).prefix(3).map { "\(run.name): \($0)" }
            if !run.statuses.contains(result.status) {
                problems.append(
                    "\(run.name): exit status \(result.status), expected \(run.statuses.sorted()): \(result.text.prefix(300))"
                )
            }
            if let mustShow = run.mustShow, !result.text.contains(mustShow) {
                problems.append(
                    "\(run.name): the output does not show \(mustShow.debugDescription): \(result.text.prefix(300))")
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row(
                "escape sequences: every command on a pty", nothingLost: nil,
                note: "\(runs.count) commands, \(bytesSeen / 1024) KB read"))
    }

    /// The check itself: a program that writes a title change raw, run the same way, is caught; so is
    /// each kind of control the audit knows.
    func testTheAuditCatchesARawEscapeOnThePty() throws {
        let raw = try PseudoTerminalCommand.run(
            "/usr/bin/printf", ["title\\033]2;pwned\\007\\n"],
            environment: entries.environment, folder: directory)
        XCTAssertEqual(raw.status, 0)
        XCTAssertEqual(raw.bytes, Array("title\u{1B}]2;pwned\u{07}\n".utf8), "the pty hands over the bytes exactly")
        XCTAssertFalse(CommandOutputAudit.violations(in: raw.bytes).isEmpty, "a raw OSC 2 must be caught")
        for unsafe in ["a\u{1B}[2Jb", "a\rb", "a\u{08}b", "a\u{9B}31mb", "a\u{202E}b", "a\u{7F}b", "a\u{00}b"] {
            XCTAssertFalse(CommandOutputAudit.violations(in: Array(unsafe.utf8)).isEmpty, unsafe.debugDescription)
        }
        XCTAssertEqual(CommandOutputAudit.violations(in: Array("plain\ttext ^[ 日本 👍\n".utf8)), [])
        XCTAssertEqual(
            CommandOutputAudit.violations(in: Array("\rImporting… 5%\u{1B}[K".utf8), allowingProgressLine: true), [])
    }

    /// A large export of characters of two, three and four bytes, with controls between them, reaches
    /// a terminal whole: every character as itself (never U+FFFD), every control as notation. (The
    /// exporter hands over whole entries; the terminal's destination would also hold back a character
    /// cut at the end of a chunk.)
    func testALargeExportOfWideCharactersReachesATerminalWhole() throws {
        let database = path("wide.sqlite")
        let body = String(repeating: "é日👍\u{1B}", count: 30_000)
        let store = try EntryDatabase(path: database)
        try store.entries.insert(
            contentsOf: [EntryDraft(title: "Wide", body: body, tags: [], createdAt: HostileText.day(10))], progress: nil
        )
        try store.close()
        let result = try PseudoTerminalCommand.run(
            entries.executable.path, ["--database", database, "export", "--format", "markdown"],
            environment: entries.environment, folder: directory)
        var counter = TrialCounter()
        var problems = CommandOutputAudit.violations(in: result.bytes).prefix(3).map { $0 }
        if result.status != 0 { problems.append("exit status \(result.status)") }
        if result.text.contains("\u{FFFD}") { problems.append("a character became U+FFFD") }
        if !result.text.contains(String(repeating: "é日👍^[", count: 30_000)) {
            problems.append("the body is not shown whole")
        }
        counter.record(problems)
        ledger.record(
            counter.row(
                "escape sequences: a 320 KB export of wide characters on a pty", nothingLost: nil,
                note: "\(result.bytes.count / 1024) KB"))
    }

    // MARK: - The runs

    private func hostileRuns() throws -> [Run] {
        let database = path("hostile.sqlite")
        let store = try EntryDatabase(path: database)
        let drafts = HostileText.drafts(hugeBodyBytes: 50_000)
        try store.entries.insert(contentsOf: drafts, progress: nil)
        try store.close()
        let payload = Self.payload
        let shown = Self.shownPayload
        let hostileName = "name-" + payload
        let badCSV = try writeFile("bad-\(hostileName).csv", Data("title,\(payload)\nx,y\n".utf8))
        let badJSON = try writeFile(
            "bad-\(hostileName).json", Data("[{\"title\": \"ok\", \"createdAt\": \"\\u001b]2;date\\u0007\"}]".utf8))
        let lintFolder = try hostileStoryboardFolder(
            "lint", fileName: "evil-\(hostileName).storyboard", text: Self.failingStoryboard)
        let appFolder = try hostileStoryboardFolder("app", fileName: "Entries.storyboard", text: Self.failingStoryboard)
        let graphFolder = try hostileStoryboardFolder(
            "graph", fileName: "Entries.storyboard", text: try Self.renamedStoryboard())
        let temporary = directory.appendingPathComponent("tmp-\(payload)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let editor = try writeFile(
            "empty-title-editor.sh", Data("#!/bin/sh\nprintf 'Title: \\nTags: x\\n\\n' > \"$1\"\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        let db = ["--database", database]

        var runs: [Run] = [
            Run(name: "list", arguments: db + ["list"], statuses: [0], mustShow: "^["),
            Run(name: "list --json", arguments: db + ["list", "--json"], statuses: [0]),
            Run(
                name: "list --tag", arguments: db + ["list", "--tag", "t" + HostileText.pieces[0].text], statuses: [0]),
            Run(name: "list --tag (none)", arguments: db + ["list", "--tag", payload], statuses: [0], mustShow: shown),
            Run(name: "show --json", arguments: db + ["show", "1", "--json"], statuses: [0]),
            Run(name: "search words", arguments: db + ["search", "Body"], statuses: [0]),
            Run(
                name: "search hostile", arguments: db + ["search", payload], statuses: [0, 1], mustShow: "^[]2;pwned^G"),
            Run(name: "search --json", arguments: db + ["search", "Body", "--json"], statuses: [0]),
            Run(
                name: "export --output", arguments: db + ["export", "--output", path("out-\(hostileName).md")],
                statuses: [0], mustShow: shown),
            Run(
                name: "export --output (no folder)",
                arguments: db + ["export", "--output", path("\(hostileName)/x.json")], statuses: [1]),
            Run(
                name: "import bad csv", arguments: ["--database", path("import.sqlite"), "import", badCSV],
                statuses: [1], mustShow: shown),
            Run(
                name: "import bad json date", arguments: ["--database", path("import.sqlite"), "import", badJSON],
                statuses: [1],
                mustShow: "^[]2;date^G"),
            Run(
                name: "import missing file",
                arguments: ["--database", path("import.sqlite"), "import", path("missing-\(hostileName)")],
                statuses: [1], mustShow: shown),
            Run(
                name: "add",
                arguments: ["--database", path("add.sqlite"), "add", "--title", payload, "--tag", payload],
                statuses: [0]),
            Run(
                name: "add --json", arguments: ["--database", path("add.sqlite"), "add", "--title", payload, "--json"],
                statuses: [0]),
            Run(name: "delete missing", arguments: db + ["delete", "999", "--yes"], statuses: [1]),
            Run(
                name: "edit refused", arguments: db + ["edit", "1"], statuses: [1], mustShow: "^[]2;pwned^G",
                // The refused text is kept in the data folder, whose name is hostile too.
                environment: ["VISUAL": editor, "TMPDIR": temporary.path, "XDG_DATA_HOME": temporary.path]),
            Run(
                name: "storyboard lint", arguments: ["storyboard", "lint", lintFolder.path], statuses: [1],
                mustShow: "^[]2;pwned^G"),
            Run(
                name: "storyboard lint (missing)", arguments: ["storyboard", "lint", path("none-\(hostileName)")],
                statuses: [1]),
            Run(
                name: "storyboard graph", arguments: ["storyboard", "graph", "--storyboards", graphFolder.path],
                statuses: [0],
                mustShow: "]2;G"),
            Run(
                name: "storyboard graph dot",
                arguments: ["storyboard", "graph", "--format", "dot", "--storyboards", graphFolder.path],
                statuses: [0], mustShow: "]2;G"),
            Run(
                name: "storyboard graph (bad)", arguments: ["storyboard", "graph", "--storyboards", appFolder.path],
                statuses: [1],
                mustShow: "^[]2;pwned^G"),
            Run(
                name: "storyboard graph --context", arguments: ["storyboard", "graph", "--context", payload],
                statuses: [1, 64], mustShow: shown),
            Run(name: "usage: --limit", arguments: db + ["list", "--limit", payload], statuses: [64], mustShow: shown),
            Run(name: "usage: --sort", arguments: db + ["list", "--sort", payload], statuses: [64], mustShow: shown),
            Run(name: "usage: show id", arguments: db + ["show", payload], statuses: [64], mustShow: shown),
            Run(name: "usage: unknown option", arguments: db + ["list", "--\(payload)"], statuses: [64]),
            Run(name: "usage: unknown command", arguments: [payload], statuses: [64]),
            Run(
                name: "export format", arguments: db + ["export", "--format", payload], statuses: [64], mustShow: shown),
            Run(
                name: "the app: storyboard errors at start", arguments: db + ["--storyboards", appFolder.path],
                statuses: [1],
                mustShow: "^[]2;pwned^G", inputIsTerminal: true),
        ]
        for format in ["json", "jsonl", "csv", "markdown"] {
            runs.append(Run(name: "export \(format)", arguments: db + ["export", "--format", format], statuses: [0]))
        }
        for id in 1...drafts.count {
            runs.append(Run(name: "show \(id)", arguments: db + ["show", String(id)], statuses: [0]))
        }
        return runs
    }

    private func hostileStoryboardFolder(_ name: String, fileName: String, text: String) throws -> URL {
        let folder = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent(fileName))
        return folder
    }

    /// A storyboard for Entries whose scene, segue and key names carry escapes (YAML escapes), with
    /// errors that name them: a segue to an unknown scene, an unknown key, a scene of an unknown kind.
    static let failingStoryboard = #"""
        storyboard: Entries
        initial: "li\e]2;pwned\ast"
        scenes:
          "li\e]2;pwned\ast": {kind: EntryList, title: "\e]0;t\a", keys: {"\e[2J": "seg\e]52;c;QQ==\a"}}
          "other\x9b31m": {kind: "Kind\e]2;pwned\a", title: x}
        segues:
          "seg\e]52;c;QQ==\a": {from: "li\e]2;pwned\ast", to: "nowhere\e]2;pwned\a", kind: push}
        """#

    /// The shipped Entries storyboard, valid, with a scene and a segue renamed to carry escapes: the
    /// graph prints them.
    static func renamedStoryboard() throws -> String {
        let text = try ShippedStoryboard.entriesText()
        guard text.contains("moreDetails:"), text.contains("showMoreDetails") else {
            throw SuiteSetupError("the shipped storyboard no longer has moreDetails and showMoreDetails")
        }
        return
            text
            .replacingOccurrences(of: "showMoreDetails", with: #""show\e[2JMore""#)
            .replacingOccurrences(of: "moreDetails", with: #""more\e]2;G\aDetails""#)
    }
}
