import Foundation
import XCTest

/// The zsh and fish completion scripts (`entries completions zsh|fish`), loaded the way a person
/// installs them, in a real interactive shell under tmux: Tab after `--tag` offers the database's tags,
/// and after `show` its ids. (bash is driven directly, without a terminal, in EntriesConventionsCommandTests.)
/// `scripts/install-deps.sh` installs both shells; without one, its test is skipped.
final class ShellCompletionEndToEndTests: TmuxEndToEndTestCase {
    private static func shell(_ name: String) throws -> String {
        for folder in ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let path = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw XCTSkip("\(name) is not installed (scripts/install-deps.sh installs it)")
    }

    /// A database with tags `python`, `pytest`, `work` and three entries, and the shell's script.
    private func prepare(shell: String) throws -> (binary: String, database: String, script: URL) {
        let binary = try BuiltProducts.executable("entries")
        let database = directory.appendingPathComponent("journal.sqlite").path
        for (title, tag) in [("One", "python"), ("Two", "pytest"), ("Three", "work")] {
            let added = try Subprocess.run(
                binary, ["--database", database, "add", "--title", title, "--tag", tag],
                environment: ProcessInfo.processInfo.environment, capturingOutput: false)
            XCTAssertEqual(added.status, 0)
        }
        let script = try Subprocess.run(
            binary, ["completions", shell], environment: ProcessInfo.processInfo.environment, capturingOutput: true)
        XCTAssertEqual(script.status, 0)
        let url = directory.appendingPathComponent(shell == "zsh" ? "zfunc/_entries" : "entries.fish")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(script.output.utf8).write(to: url)
        return (binary, database, url)
    }

    private func startShell(_ command: String, binary: String, database: String) throws -> TmuxSession {
        let session = try TmuxSession(width: 100, height: 20)
        self.session = session
        let folder = (binary as NSString).deletingLastPathComponent
        try session.typeLine("PATH=\(folder):$PATH ENTRIES_DATABASE=\(database) HOME=\(directory.path) \(command)")
        return session
    }

    func testFishCompletesTagsAndIds() throws {
        let fish = try Self.shell("fish")
        let (binary, database, script) = try prepare(shell: "fish")
        let session = try startShell(
            "\(fish) --no-config -C 'source \(script.path); function fish_prompt; echo \"fish> \"; end'",
            binary: binary, database: database)
        try session.waitForScreen("fish's prompt") { $0.contains("fish>") }
        try session.send(literally: "entries list --tag py")
        try session.press("Tab")
        let tags = try session.waitForScreen("the tags starting with py") {
            $0.contains("python") && $0.contains("pytest")
        }
        XCTAssertFalse(Self.words(after: "entries list", in: tags).contains("work"), tags)
        try session.press("C-e", "C-u")
        try session.send(literally: "entries show ")
        try session.press("Tab")
        try session.waitForScreen("the ids offered under the line") { screen in
            Set(Self.words(after: "entries show", in: screen)).isSuperset(of: ["1", "2", "3"])
        }
    }

    /// The words on the rows below the last row containing `marker`.
    private static func words(after marker: String, in screen: String) -> [String] {
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = rows.lastIndex(where: { $0.contains(marker) }) else { return [] }
        return rows[(index + 1)...].flatMap { $0.split(separator: " ").map(String.init) }
    }

    func testZshCompletesTagsAndIds() throws {
        let zsh = try Self.shell("zsh")
        let (binary, database, script) = try prepare(shell: "zsh")
        let rc = """
            fpath=(\(script.deletingLastPathComponent().path) $fpath)
            autoload -U compinit && compinit -u
            PS1='zsh> '
            """
        try Data(rc.utf8).write(to: directory.appendingPathComponent(".zshrc"))
        let session = try startShell("ZDOTDIR=\(directory.path) \(zsh) -i", binary: binary, database: database)
        try session.waitForScreen("zsh's prompt") { $0.contains("zsh>") }
        try session.send(literally: "entries list --tag py")
        try session.press("Tab")  // completes the common part, "pyt"
        try session.waitForScreen("the common part") { $0.contains("--tag pyt") }
        try session.press("Tab")  // lists the candidates
        let tags = try session.waitForScreen("the tags starting with pyt") {
            $0.contains("python") && $0.contains("pytest")
        }
        XCTAssertFalse(Self.words(after: "entries list", in: tags).contains("work"), tags)
        try session.press("C-e", "C-u")
        try session.send(literally: "entries list --tag w")
        try session.press("Tab")
        try session.waitForScreen("the one tag starting with w, completed in place") {
            $0.contains("entries list --tag work")
        }
    }
}
