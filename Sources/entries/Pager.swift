import AppShell
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Long text for a person at a terminal goes through their pager, as `git log` does: `$PAGER`, else
/// `less` (with `LESS=FRX` when LESS is unset: quit when it fits on a screen, keep the text on the
/// screen after). The text was made safe for a terminal before it comes here. When the pager cannot
/// be started, the text is printed as it is.
///
/// The pager is a `ForegroundProcess` (AppShell's, as the editor is): in its own process group, `less` was stopped as soon as it set
/// the terminal's modes, and `entries read` waited for it forever.
enum Pager {
    /// Writes `text` to standard output, through the pager when standard output is a terminal and
    /// `usePager` is set.
    static func show(
        _ text: String, usePager: Bool, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        guard usePager, StandardStreams.outputIsTerminal, let command = pagerCommand(environment) else {
            return try StandardStreams.writeOutput(text)
        }
        var pagerEnvironment = environment
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        guard let pipe = ForegroundProcess.makePipe() else { return try StandardStreams.writeOutput(text) }
        let pager: ForegroundProcess
        do {
            // The pager is the user's own setting (like $EDITOR), written for a shell: `less -R`.
            pager = try ForegroundProcess(
                executable: "/bin/sh", arguments: ["/bin/sh", "-c", command], environment: pagerEnvironment,
                standardInput: pipe.read)
        } catch {
            close(pipe.read)
            close(pipe.write)
            return try StandardStreams.writeOutput(text)
        }
        close(pipe.read)
        // A pager quit early (q) closes its end: the rest is not wanted, and is no error.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and Ctrl-\ are the pager's from its start, while the text is still being written to it
        // too (a long text fills the pipe before the pager reads it): ending here would leave the
        // pager running with the shell's prompt back (less ignores Ctrl-C).
        let previous = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
        defer {
            signal(SIGINT, previous.0)
            signal(SIGQUIT, previous.1)
        }
        writeAll(StandardStreams.forStream(text, isTerminal: true), to: pipe.write)
        close(pipe.write)
        _ = try? pager.wait(ignoringInterrupts: true)
    }

    /// `$PAGER` (empty or `cat`: none), else `less`.
    static func pagerCommand(_ environment: [String: String]) -> String? {
        let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces)
        if let pager, pager.isEmpty || pager == "cat" { return nil }
        return pager ?? "less"
    }

    /// Writes `text` to `descriptor` until all is written or the reader is gone.
    private static func writeAll(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
