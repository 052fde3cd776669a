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
/// The pager runs in this process's group, the terminal's foreground group: Foundation's `Process`
/// starts a child in a group of its own on Linux, where `less` is stopped (SIGTTOU) as soon as it
/// sets the terminal's modes, and the command waited for it forever.
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
        // The pager is the user's own setting (like $EDITOR), written for a shell: `less -R`.
        guard let pager = RunningPager(shellCommand: command, environment: pagerEnvironment) else {
            return try StandardStreams.writeOutput(text)
        }
        pager.send(StandardStreams.forStream(text, isTerminal: true))
        pager.wait()
    }

    /// `$PAGER` (empty or `cat`: none), else `less`.
    static func pagerCommand(_ environment: [String: String]) -> String? {
        let pager = environment["PAGER"]?.trimmingCharacters(in: .whitespaces)
        if let pager, pager.isEmpty || pager == "cat" { return nil }
        return pager ?? "less"
    }
}

/// `/bin/sh -c COMMAND` reading a pipe, started in this process group with the default signal
/// handlers and an empty signal mask, and this process's standard output and error.
private struct RunningPager {
    private let pid: pid_t
    private let input: Int32

    /// Nil when the pipe cannot be made or the shell cannot be started.
    init?(shellCommand: String, environment: [String: String]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Only the child's standard input is the pipe's reading end; neither end leaks elsewhere.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGWINCH, SIGPIPE, SIGTERM, SIGHUP] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words = ["/bin/sh", "-c", shellCommand]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        close(ends[0])
        guard status == 0 else {
            close(ends[1])
            return nil
        }
        self.pid = pid
        self.input = ends[1]
    }

    /// Writes `text` to the pager, then closes the pipe. A pager quit early (q) closes its end: the
    /// rest is not wanted, and is no error.
    func send(_ text: String) {
        signal(SIGPIPE, SIG_IGN)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            bytes = bytes.dropFirst(written)
        }
        close(input)
    }

    /// Waits for the pager to end. Ctrl-C and Ctrl-\ are the pager's while it runs (as with git).
    func wait() {
        let previous = (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN))
        defer {
            signal(SIGINT, previous.0)
            signal(SIGQUIT, previous.1)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    }
}
