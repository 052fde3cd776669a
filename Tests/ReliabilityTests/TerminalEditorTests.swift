import Foundation
import XCTest

/// The external editor on a real terminal (tmux): it gets the terminal (it can set it up and read
/// what is typed) from the command line and from the app, and a terminal closed while it runs leaves
/// no process behind — neither the app nor the editor.
final class TerminalEditorTests: ReliabilityTestCase {
    /// An interactive "editor": sets the terminal up as editors do (which a background job may not:
    /// SIGTTOU would stop it), says it is ready, reads a line typed on the terminal and makes it the
    /// entry's title. Its path is unique to the test, so its process can be found.
    private func makeEditor() throws -> String {
        let script = """
            #!/bin/sh
            stty -echo
            echo EDITOR-READY
            read line
            stty echo
            sed -i -e "s/^Title: .*/Title: $line/" "$1"
            """
        let path = try writeFile("interactive-editor.sh", Data(script.utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func testTheEditorGetsTheTerminalFromTheCommandLine() throws {
        let database = path("cli.sqlite")
        try succeed(database, ["add", "--title", "Before"])
        let editor = try makeEditor()
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        var environment = entries.environment
        environment["VISUAL"] = editor
        let command = [entries.executable.path, "--database", database, "edit", "1"].map(TerminalAppSession.quoted)
            .joined(separator: " ")
        let session = try TerminalAppSession.start(
            tmux: tmux, name: "cli", commandLine: command, environment: environment,
            processMarker: database, waitFor: nil)
        var counter = TrialCounter()
        var problems: [String] = []
        if try tmux.waitForScreen(session.name, timeout: 5, { $0.contains("EDITOR-READY") }) == nil {
            problems.append("the editor never got the terminal: \(try tmux.screen(session.name))")
        } else {
            try tmux.type(session.name, "Typed in the editor")
            if let report = try session.waitForRestoredTerminal() {
                problems +=
                    report.problems
                    + (report.exitStatus == 0 ? [] : ["exit status \(String(describing: report.exitStatus))"])
            } else {
                problems.append("entries edit did not end")
            }
            let title = try DatabaseInspector(path: database).titlesAndBodies()[1]?.title
            if title != "Typed in the editor" { problems.append("the title is \(String(describing: title))") }
        }
        counter.record(problems)
        ledger.record(counter.row("editor: gets the terminal (entries edit)", nothingLost: nil))
    }

    func testTheEditorGetsTheTerminalFromTheAppAndAClosedTerminalLeavesNoProcess() throws {
        let database = path("app.sqlite")
        try succeed(database, ["add", "--title", "Before"])
        let editor = try makeEditor()
        let tmux = try TmuxServer(folder: directory, environment: entries.environment)
        var counter = TrialCounter()
        for closesTerminal in [false, true] {
            var environment = entries.environment
            environment["VISUAL"] = editor
            let command = [entries.executable.path, "--database", database].map(TerminalAppSession.quoted).joined(
                separator: " ")
            let name = closesTerminal ? "closed" : "edit"
            let session = try TerminalAppSession.start(
                tmux: tmux, name: name, commandLine: command, environment: environment,
                processMarker: database, waitFor: "Entries")
            try tmux.press(name, "e")
            var problems: [String] = []
            guard try tmux.waitForScreen(name, timeout: 5, { $0.contains("EDITOR-READY") }) != nil else {
                counter.record(["the editor never got the terminal: \(try tmux.screen(name))"])
                continue
            }
            if closesTerminal {
                try tmux.killSession(name)
                if !ProcessTable.waitUntilGone(editor) { problems.append("the editor outlived its terminal") }
                if !ProcessTable.waitUntilGone(database) { problems.append("the app outlived its terminal") }
                for pid in ProcessTable.pids(commandLineContaining: editor) + session.appPIDs { kill(pid, SIGKILL) }
            } else {
                try tmux.type(name, "Typed in the app's editor")
                if try tmux.waitForScreen(
                    name, timeout: 5, { $0.contains { $0.contains("Typed in the app's editor") } }) == nil
                {
                    problems.append("the edited title does not show: \(try tmux.screen(name))")
                }
                try tmux.press(name, "q")
                let report = try session.waitForRestoredTerminal()
                problems +=
                    report.map {
                        $0.problems + ($0.exitStatus == 0 ? [] : ["exit status \(String(describing: $0.exitStatus))"])
                    }
                    ?? ["the app did not quit"]
            }
            counter.record(problems)
        }
        ledger.record(counter.row("editor: in the app; terminal closed while editing", nothingLost: nil))
    }
}
