import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A journal is a diary: the files entries makes around it are its owner's only, checked with
/// `stat`. The editor's temporary file is 0600 in a 0700 folder and is gone after every way out,
/// also SIGTERM and SIGHUP while the editor runs (from the command line and from the app); text kept
/// after a failed edit is 0600; `export --output` creates 0600 and keeps the mode of a file it replaces.
final class PrivateFileModeTests: ReliabilityTestCase {
    /// The editors' temporary folder (TMPDIR), which must be empty after each edit.
    private var temporary: URL { directory.appendingPathComponent("tmp") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    func testTheEditorsFilesArePrivateAndRemoved() throws {
        let database = path("edit.sqlite")
        try succeed(database, ["add", "--title", "Diary", "--body", "private"])
        var counter = TrialCounter()

        // The editor sees its file 0600 in a 0700 folder; nothing is left afterwards.
        let seen = path("seen.txt")
        let recording = try editor(
            "recording",
            "stat -c '%a' \"$1\" \"$(dirname \"$1\")\" > '\(seen)'\nprintf 'Title: Diary 2\\n\\nprivate\\n' > \"$1\"")
        let edited = try entries.run(
            ["--database", database, "edit", "1"], extraEnvironment: environment(editor: recording))
        var problems = edited.status == 0 ? [] : ["edit: \(edited.standardError)"]
        let modes = (try? String(contentsOfFile: seen, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        if modes != ["600", "700"] {
            problems.append("the editor's file and folder have modes \(modes), not 600 and 700")
        }
        problems += leftovers("after a saved edit")
        counter.record(problems)

        // Text that cannot be saved is kept 0600, and the message says where.
        let emptyTitle = try editor("empty-title", "printf 'Title: \\nTags: x\\n\\n' > \"$1\"")
        let refused = try entries.run(
            ["--database", database, "edit", "1"], extraEnvironment: environment(editor: emptyTitle))
        problems = refused.status == 1 ? [] : ["refused edit: exit status \(refused.status)"]
        // Kept in the data folder's recovered/, where it outlives a reboot, not in the temporary folder.
        let recovered = dataHome.appendingPathComponent("entries/recovered")
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: recovered.path)) ?? []).map {
            recovered.appendingPathComponent($0).path
        }
        if !(try FileManager.default.contentsOfDirectory(atPath: temporary.path)).isEmpty {
            problems.append("the refused edit left files in the temporary folder")
        }
        if kept.count != 1 || !refused.standardError.contains(kept.first ?? "?") {
            problems.append("the kept text: \(kept), message: \(refused.standardError)")
        }
        for file in kept where try Self.mode(of: file) != "600" {
            problems.append("the kept text \(file) has mode \(try Self.mode(of: file))")
        }
        for file in kept { try FileManager.default.removeItem(atPath: file) }
        counter.record(problems)

        // Saved text that is not UTF-8 is kept where the editor had it: 0600 in the 0700 folder.
        let binary = try editor("binary", "printf 'Title: x\\n\\n\\377\\376\\n' > \"$1\"")
        let notText = try entries.run(
            ["--database", database, "edit", "1"], extraEnvironment: environment(editor: binary))
        problems = notText.status == 1 ? [] : ["not UTF-8: exit status \(notText.status)"]
        for folder in try FileManager.default.contentsOfDirectory(atPath: temporary.path) {
            let folderPath = temporary.appendingPathComponent(folder).path
            if try Self.mode(of: folderPath) != "700" {
                problems.append("\(folderPath) has mode \(try Self.mode(of: folderPath))")
            }
            for file in try FileManager.default.contentsOfDirectory(atPath: folderPath) {
                let filePath = folderPath + "/" + file
                if try Self.mode(of: filePath) != "600" {
                    problems.append("\(filePath) has mode \(try Self.mode(of: filePath))")
                }
            }
            try FileManager.default.removeItem(atPath: folderPath)
        }
        counter.record(problems)
        ledger.record(counter.row("private files: the editor's files (stat)", nothingLost: nil))
    }

    func testTheEditorsFileIsRemovedWhenEntriesIsAskedToEnd() throws {
        let database = path("signal.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        var counter = TrialCounter()
        for signal in [SIGTERM, SIGHUP] {
            let (result, problems) = try editInterrupted(database: database, by: signal)
            var all = problems
            if !(result.killedBySignal && result.status == signal) {
                all.append(
                    "signal \(signal): ended with status \(result.status) (by a signal: \(result.killedBySignal)), not by the signal"
                )
            }
            counter.record(all)
        }
        ledger.record(counter.row("private files: SIGTERM/SIGHUP during entries edit", nothingLost: nil))
    }

    func testTheAppsEditorFileIsRemovedWhenTheAppIsAskedToEnd() throws {
        let database = path("app-signal.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        let ready = path("app-editor-ready")
        let waiting = try editor("app-waiting", "echo $$ > '\(ready)'\nexec sleep 30")
        var environment = entries.environment
        for (key, value) in self.environment(editor: waiting) { environment[key] = value }
        let tmux = try TmuxServer(folder: directory, environment: environment)
        var counter = TrialCounter()
        let command = [entries.executable.path, "--database", database].map(TerminalAppSession.quoted).joined(
            separator: " ")
        let app = try TerminalAppSession.start(
            tmux: tmux, name: "app", commandLine: command, environment: environment,
            processMarker: database, waitFor: "Diary")
        try tmux.press(app.name, "e")
        var problems: [String] = []
        if !waitForFile(ready) { problems.append("the editor did not start: \(try tmux.screen(app.name))") }
        for pid in app.appPIDs { kill(pid, SIGTERM) }
        let report = try app.waitForRestoredTerminal()
        problems +=
            report.map {
                $0.problems
                    + ($0.exitStatus == Int(128 + SIGTERM) ? [] : ["exit status \(String(describing: $0.exitStatus))"])
            }
            ?? ["the app did not end"]
        stopEditor(ready)
        problems += leftovers("after SIGTERM to the app")
        counter.record(problems)
        ledger.record(counter.row("private files: SIGTERM during the app's editor (tmux)", nothingLost: nil))
    }

    func testExportKeepsTheModeOfTheFileItReplaces() throws {
        let database = path("export.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        var counter = TrialCounter()
        let fresh = path("fresh.json")
        try succeed(database, ["export", "--output", fresh])
        counter.record(
            try Self.mode(of: fresh) == "600" ? [] : ["a new export has mode \(try Self.mode(of: fresh)), not 600"])
        for mode in ["600", "640", "644", "400"] {
            let file = path("existing-\(mode).json")
            try Data("old".utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.setAttributes([.posixPermissions: Int(mode, radix: 8) ?? 0], ofItemAtPath: file)
            let result = try entries.run(["--database", database, "export", "--output", file])
            var problems = result.status == 0 ? [] : ["export over \(mode): \(result.standardError)"]
            if try Self.mode(of: file) != mode {
                problems.append("export over a \(mode) file left it \(try Self.mode(of: file))")
            }
            if (try? String(contentsOfFile: file, encoding: .utf8)) == "old" {
                problems.append("export over \(mode) did not replace it")
            }
            counter.record(problems)
        }
        ledger.record(counter.row("private files: export --output modes (stat)", nothingLost: nil))
    }

    /// The journal and every file made beside it are 0600 whatever the umask (here 000) and whatever
    /// the path leads to: a plain path, a symbolic link to a journal not made yet, a chain of two. A
    /// link is followed (the journal and its -wal, -shm and -journal files live at the target), and
    /// nothing is left beside the link. A path that cannot lead to a file (a loop of links, a link
    /// through a file) is refused with a message and leaves nothing behind.
    func testAJournalIsPrivateWhateverItsPathLeadsTo() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let importFile = try writeFile("import.jsonl", ImportKillTests.jsonLines(count: 50))
        try FileManager.default.createDirectory(atPath: path("target"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: path("link.sqlite"), withDestinationPath: "target/linked.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path("chain.sqlite"), withDestinationPath: "chain-2.sqlite")
        try FileManager.default.createSymbolicLink(
            atPath: path("chain-2.sqlite"), withDestinationPath: path("target/chained.sqlite"))
        var counter = TrialCounter()
        for (given, target) in [
            ("plain/journal.sqlite", "plain/journal.sqlite"), ("link.sqlite", "target/linked.sqlite"),
            ("chain.sqlite", "target/chained.sqlite"),
        ] {
            let commands: [[String]] = [
                ["add", "--title", "First"], ["add", "--title", "Second"], ["import", importFile],
                ["export", "--output", path("\(given).export.json")],
            ]
            for command in commands {
                let result = try entries.run(["--database", path(given)] + command)
                var problems = result.status == 0 ? [] : ["\(given), \(command[0]): \(result.standardError)"]
                if !FileManager.default.fileExists(atPath: path(target)) {
                    problems.append("\(given): no journal at \(target)")
                }
                for file in try filesMade() where try Self.mode(of: path(file)) != "600" {
                    problems.append("\(given), \(command[0]): \(file) has mode \(try Self.mode(of: path(file)))")
                }
                let beside = given == target ? [] : try filesMade().filter { $0.hasPrefix(given + "-") }
                if !beside.isEmpty { problems.append("\(given), \(command[0]): left beside the link: \(beside)") }
                counter.record(problems)
            }
        }
        ledger.record(
            counter.row(
                "private files: the journal and its sidecars under umask 000, through links (stat)", nothingLost: nil))

        var refusals = TrialCounter()
        try FileManager.default.createSymbolicLink(atPath: path("loop.sqlite"), withDestinationPath: "loop.sqlite")
        try Data("a file".utf8).write(to: URL(fileURLWithPath: path("a-file")))
        try FileManager.default.createSymbolicLink(
            atPath: path("through.sqlite"), withDestinationPath: "a-file/journal.sqlite")
        for given in ["loop.sqlite", "through.sqlite"] {
            let before = try filesMade()
            let result = try entries.run(["--database", path(given), "add", "--title", "x"])
            var problems = result.status == 1 ? [] : ["\(given): exit status \(result.status), not 1"]
            if !result.standardError.contains("entries: error:") || result.standardError.count > 400 {
                problems.append("\(given): not one clear message: \(result.standardError)")
            }
            let after = try filesMade()
            if after != before { problems.append("\(given): files appeared: \(after.subtracting(before))") }
            refusals.record(problems)
        }
        ledger.record(
            refusals.row("private files: journal paths that lead nowhere (a loop, through a file)", nothingLost: nil))
    }

    /// The companion: the umask of 000 reaches the programs the test starts (`touch` makes 0666), so
    /// a file not made private on purpose would show.
    func testTheUmaskOfZeroReachesTheProgramsStarted() throws {
        let previous = umask(0)
        defer { umask(previous) }
        let file = path("touched")
        _ = try entries.runProgram(URL(fileURLWithPath: "/usr/bin/touch"), [file])
        XCTAssertEqual(try Self.mode(of: file), "666")
    }

    /// Every regular file under the test folder (relative paths) except the test's own inputs.
    private func filesMade() throws -> Set<String> {
        var files = Set<String>()
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            var status = stat()
            guard lstat(path(relative), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if relative == "import.jsonl" || relative == "a-file" || relative == "touched" || relative.hasPrefix("run-")
            {
                continue
            }
            files.insert(relative)
        }
        return files
    }

    /// The checks themselves: `stat` sees the 0644 that Foundation's `Data.write` gives a new file
    /// under the usual umask (what the edit's kept text had), and the leftover check finds the
    /// temporary file that a SIGKILL (which nothing can catch) leaves behind.
    func testTheChecksCatchAWideModeAndALeftover() throws {
        let previous = umask(0o022)
        defer { umask(previous) }
        let wide = path("wide.txt")
        try Data("diary".utf8).write(to: URL(fileURLWithPath: wide))
        XCTAssertEqual(try Self.mode(of: wide), "644")

        let database = path("kill.sqlite")
        try succeed(database, ["add", "--title", "Diary"])
        let (result, problems) = try editInterrupted(database: database, by: SIGKILL)
        XCTAssertTrue(result.killedBySignal)
        XCTAssertEqual(
            problems.count, 1, "a SIGKILL leaves the temporary folder, and the check must say so: \(problems)")
    }

    // MARK: - Helpers

    /// `entries edit` with an editor that waits, ended by `signal` once the editor runs; the problems
    /// are the temporary files left behind.
    private func editInterrupted(database: String, by signal: Int32) throws -> (ProcessResult, [String]) {
        let ready = path("editor-ready-\(signal)")
        let waiting = try editor("waiting-\(signal)", "echo $$ > '\(ready)'\nexec sleep 30")
        let started = try entries.start(
            ["--database", database, "edit", "1"], extraEnvironment: environment(editor: waiting))
        var problems: [String] = []
        if !waitForFile(ready) { problems.append("signal \(signal): the editor did not start") }
        started.send(signal)
        // Once entries has ended, the editor it leaves (SIGKILL) goes too: Foundation's wait would
        // otherwise wait for it as well.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, let state = ProcessTable.state(of: started.pid), state != "Z" {
            Thread.sleep(forTimeInterval: 0.01)
        }
        stopEditor(ready)
        let result = try started.wait()
        problems += leftovers("after signal \(signal)")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        return (result, problems)
    }

    /// Ends the waiting editor (its pid is in `ready`) if it outlived the test's signal (SIGKILL
    /// reaches only entries).
    private func stopEditor(_ ready: String) {
        let text = (try? String(contentsOfFile: ready, encoding: .utf8)) ?? ""
        if let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 { kill(pid, SIGKILL) }
    }

    private func environment(editor: String) -> [String: String] {
        ["VISUAL": editor, "TMPDIR": temporary.path, "XDG_DATA_HOME": dataHome.path]
    }

    /// The data folder ($XDG_DATA_HOME), where text that could not be saved is kept.
    private var dataHome: URL { directory.appendingPathComponent("data") }

    /// A shell script used as the editor.
    private func editor(_ name: String, _ body: String) throws -> String {
        let file = try writeFile("\(name)-editor.sh", Data("#!/bin/sh\n\(body)\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }

    /// Anything in the temporary folder, as a problem.
    private func leftovers(_ when: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        return names.isEmpty ? [] : ["\(when): left in the temporary folder: \(names)"]
    }

    private func waitForFile(_ path: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: path) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// The permission bits of `path` in octal, as `stat -c %a` prints them.
    static func mode(of path: String) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stat-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let status = try Spawn.run("/usr/bin/stat", ["-c", "%a", path], environment: [:], outputPath: output)
        guard status == 0 else { throw SuiteSetupError("stat \(path) failed with status \(status)") }
        return String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
