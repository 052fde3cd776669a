import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Tags that are shell code, completed by a person in a real interactive bash, zsh and fish under
/// tmux: Tab after `entries list --tag ` offers the tag as data. Nothing in it runs (no `PWNED` file
/// appears in `HOME`), and the line the shell then runs finds the entry by that very tag. A tag with a
/// line break is not offered at all (the shells read candidates line by line).
/// The companion shows that the check catches a script that expands candidates (`compgen -W "$(…)"`,
/// what `entries completions bash` printed before).
final class HostileCompletionTests: ReliabilityTestCase {
    private var tmux: TmuxServer?
    private var sessions = 0

    override func tearDownWithError() throws {
        tmux = nil
        try super.tearDownWithError()
    }

    /// Each tag is the only one of its journal, so Tab completes it in place.
    static let hostileTags = [
        "$(touch${IFS}$HOME/PWNED-dollar)",
        "`touch $HOME/PWNED-backquote`",
        "x;touch $HOME/PWNED-semicolon",
        "it's \"quoted\" \\ too",
        "*",
        "a b|touch $HOME/PWNED-pipe&",
    ]

    func testHostileTagsAreCompletedAsDataInBashZshAndFish() throws {
        var counter = TrialCounter()
        var notes: [String] = []
        for shell in ["bash", "zsh", "fish"] {
            guard let executable = Self.shell(shell) else {
                notes.append("\(shell) not installed")
                continue
            }
            for (index, tag) in Self.hostileTags.enumerated() {
                counter.record(
                    try completeAndRun(
                        shell: shell, executable: executable, tags: [tag], expected: tag,
                        name: "\(shell)\(index)"))
            }
            // A tag with a line break is left out; the other one is completed.
            counter.record(
                try completeAndRun(
                    shell: shell, executable: executable,
                    tags: ["line\n$(touch${IFS}$HOME/PWNED-newline)", "plain"], expected: "plain",
                    name: "\(shell)-newline"))
            notes.append(shell)
        }
        ledger.record(
            counter.row(
                "hostile tags completed in bash, zsh and fish", nothingLost: nil, note: notes.joined(separator: ", ")))
    }

    /// The check catches a script that hands candidates to `compgen -W "$(…)"`: the old bash script,
    /// rebuilt from today's, runs the tag.
    func testTheCheckCatchesAScriptThatExpandsCandidates() throws {
        guard let bash = Self.shell("bash") else { throw XCTSkip("bash is not installed") }
        let problems = try completeAndRun(
            shell: "bash", executable: bash, tags: [Self.hostileTags[0]], expected: Self.hostileTags[0],
            name: "unsafe",
            script: { script in
                // `__entries_add_data_completions __entries_custom_complete ARGS` back to what ArgumentParser writes.
                script.replacingOccurrences(
                    of: #"__entries_add_data_completions (__entries_custom_complete [^\n]*)"#,
                    with: #"__entries_add_completions -W "\$($1)""#, options: .regularExpression)
            })
        XCTAssertTrue(problems.contains { $0.contains("ran") }, "the unsafe script was not caught: \(problems)")
    }

    // MARK: - One trial

    static func shell(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin"].map { $0 + "/" + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A journal with `tags` on one entry; the shell loads `entries completions SHELL`, Tab completes
    /// `entries list --tag `, Enter runs it. Returns the problems seen.
    private func completeAndRun(
        shell: String, executable: String, tags: [String], expected: String, name: String,
        script edit: (String) -> String = { $0 }
    ) throws -> [String] {
        let database = path("\(name).sqlite")
        let store = try EntryDatabase(path: database)
        try store.entries.insert(
            contentsOf: [EntryDraft(title: "Tagged entry \(name)", tags: tags, createdAt: Date())], progress: nil)
        try store.close()
        let generated = try entries.run(["completions", shell])
        guard generated.status == 0 else { return ["completions \(shell): \(generated.standardError)"] }
        let scriptFolder = directory.appendingPathComponent("scripts-\(name)")
        try FileManager.default.createDirectory(at: scriptFolder, withIntermediateDirectories: true)
        let script = scriptFolder.appendingPathComponent(shell == "zsh" ? "_entries" : "entries.\(shell)")
        try Data(edit(generated.standardOutput).utf8).write(to: script)

        let server = try tmux ?? TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        sessions += 1
        let session = "c\(sessions)"
        var environment = entries.environment
        // Set again inside each shell too: a login-less shell may reset it.
        let binaryFolder = entries.executable.deletingLastPathComponent().path
        environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["ENTRIES_DATABASE"] = database
        environment["TERM"] = nil
        let command: [String]
        switch shell {
        case "zsh":
            let rc =
                "path=(\(binaryFolder) $path)\nfpath=(\(scriptFolder.path) $fpath)\nautoload -U compinit && compinit -u -d \(scriptFolder.path)/zcompdump\nPS1='READY> '\n"
            try Data(rc.utf8).write(to: scriptFolder.appendingPathComponent(".zshrc"))
            environment["ZDOTDIR"] = scriptFolder.path
            command = [executable, "-i"]
        case "fish":
            environment["XDG_CONFIG_HOME"] = scriptFolder.path
            command = [
                executable, "--no-config", "-C",
                "set -gx PATH \(binaryFolder) $PATH; source \(script.path); function fish_prompt; echo 'READY> '; end",
            ]
        default:
            command = [executable, "--norc", "--noprofile", "-i"]
            environment["PS1"] = "READY> "
        }
        try server.newSession(session, width: 160, height: 30, command: command, sessionEnvironment: environment)
        guard try server.waitForScreen(session, timeout: 10, { $0.contains { $0.contains("READY>") } }) != nil else {
            return ["\(shell): no prompt: \(try server.screen(session))"]
        }
        if shell == "bash" {
            try server.type(session, "export PATH=\(binaryFolder):$PATH; source \(script.path)")
        }
        try server.type(session, "entries list --tag ", enter: false)
        try server.press(session, "Tab")
        // Completed in place: more than the typed line, then a space (or a closing quote) after it.
        let completed = try server.waitForScreen(session, timeout: 10) { screen in
            screen.contains { line in
                line.range(of: "entries list --tag ").map {
                    !line[$0.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty
                } ?? false
            }
        }
        var problems: [String] = []
        if completed == nil { problems.append("\(shell): Tab completed nothing: \(try server.screen(session))") }
        try server.press(session, "Enter")
        let found = try server.waitForScreen(session, timeout: 10) {
            $0.contains { $0.contains("Tagged entry \(name)") }
        }
        if found == nil {
            problems.append(
                "\(shell): the completed line did not find the entry tagged \(expected.debugDescription): \(try server.screen(session).filter { !$0.isEmpty })"
            )
        }
        Thread.sleep(forTimeInterval: 0.2)
        let planted = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("PWNED")
        }
        for file in planted {
            problems.append("\(shell): the tag \(expected.debugDescription) ran (\(file) was created)")
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
        }
        try? server.killSession(session)
        return problems
    }
}
