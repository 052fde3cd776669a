import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the command starts that may use the terminal (a pager, a password manager asking on
/// it): started in *this* process group, the terminal's foreground group, with the default signal
/// handlers and an empty signal mask.
///
/// Foundation's `Process` puts a child in a process group of its own on Linux: a program started so
/// that sets the terminal's modes (`less`, `stty -echo`, pinentry) is stopped by SIGTTOU, and the
/// command waited for it forever. The app's editor is started the same way by AppShell's
/// `ForegroundProcess`.
struct ForegroundChild {
    /// The child's process id.
    let pid: pid_t

    /// Starts `executable` with `arguments` (the first is argv[0]) and exactly `environment`; its standard
    /// input and output are the descriptors given, or ours. Throws the `errno` of a failed start.
    init(
        executable: String, arguments: [String], environment: [String: String], standardInput: Int32? = nil,
        standardOutput: Int32? = nil
    ) throws(ForegroundChildError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
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
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw ForegroundChildError(errno: status) }
        self.pid = pid
    }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it. With
    /// `ignoringInterrupts`, Ctrl-C and Ctrl-\ are the child's only while it runs (as with git's pager).
    @discardableResult
    func wait(ignoringInterrupts: Bool) -> Int32 {
        let previous = ignoringInterrupts ? (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN)) : nil
        defer {
            if let previous {
                signal(SIGINT, previous.0)
                signal(SIGQUIT, previous.1)
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return 128 }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let ending = status & 0x7f
        return ending == 0 ? (status >> 8) & 0xff : 128 + ending
    }

    /// A pipe whose two ends are closed on exec: only a descriptor given to the child as its input or
    /// output reaches it, so its other end is not held open by the child itself.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }
}

/// Why a program could not be started: the `errno` of `posix_spawn`.
struct ForegroundChildError: Error {
    /// The error number.
    let errno: Int32
}
