import Foundation

/// Long text for a person at a terminal goes through their pager, as `git log` does: `$PAGER`, else
/// `less` (with `LESS=FRX` when LESS is unset: quit when it fits on a screen, keep the text on the
/// screen after). The text was made safe for a terminal before it comes here. When the pager cannot
/// be started, the text is printed as it is.
enum Pager {
    /// Writes `text` to standard output, through the pager when standard output is a terminal and
    /// `usePager` is set.
    static func show(
        _ text: String, usePager: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        guard usePager, StandardStreams.outputIsTerminal, let command = pagerCommand(environment) else {
            return try StandardStreams.writeOutput(text)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The pager is the user's own setting (like $EDITOR), written for a shell: `less -R`.
        process.arguments = ["-c", command]
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        process.environment = pagerEnvironment
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return try StandardStreams.writeOutput(text)
        }
        // A pager quit early (q) closes its end: the rest is not wanted, and is no error.
        signal(SIGPIPE, SIG_IGN)
        try? pipe.fileHandleForWriting.write(contentsOf: Data(StandardStreams.forStream(text, isTerminal: true).utf8))
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// `$PAGER` (empty or `cat`: none), else `less`.
    static func pagerCommand(_ environment: [String: String]) -> String? {
        let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces)
        if let pager, pager.isEmpty || pager == "cat" { return nil }
        return pager ?? "less"
    }
}
