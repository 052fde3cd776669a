import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program started in *this* process group, so that it is in the terminal's foreground group and may
/// read and write the terminal (an editor, a pager, a password manager asking on the terminal).
///
/// Foundation's `Process` puts the child in a new process group on Linux: a terminal program started
/// that way is stopped (SIGTTOU/SIGTTIN) as soon as it touches the terminal, and the caller waits
/// forever. Here the child is spawned with `posix_spawn`, its signal mask cleared and its job-control
/// and interrupt signals reset to their defaults (the caller may have them caught or ignored).
public struct ForegroundProcess: Sendable {
    /// How the program ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// This signal ended it.
        case signalled(Int32)

        /// The status a shell reports: the exit status, or 128 + the signal that ended it.
        public var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// The child's process id.
    public let pid: pid_t

    /// Starts `executable` with `arguments` (the first is argv[0]) and `environment` (nil: the caller's
    /// own). Its standard input, output and error are the descriptors given, or the caller's.
    /// ``wait(ignoringInterrupts:)`` for it.
    ///
    /// `withoutTerminal`: in a session of its own instead, so that it has no controlling terminal at
    /// all (opening `/dev/tty` fails): for a program started while a full-screen app owns the
    /// terminal, which must neither draw on that screen nor take its keys.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil,
        standardInput: Int32? = nil, standardOutput: Int32? = nil, standardError: Int32? = nil,
        withoutTerminal: Bool = false
    ) throws(ForegroundProcessError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput { posix_spawn_file_actions_adddup2(&actions, standardInput, 0) }
        if let standardOutput { posix_spawn_file_actions_adddup2(&actions, standardOutput, 1) }
        if let standardError { posix_spawn_file_actions_adddup2(&actions, standardError, 2) }
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
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if withoutTerminal { flags |= Self.spawnInNewSession }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map {
            $0.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer {
            argv.forEach { free($0) }
            envp?.forEach { free($0) }
        }
        var pid = pid_t()
        let status =
            if let envp {
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            } else {
                posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            }
        guard status == 0 else { throw .cannotStart(errno: status) }
        self.pid = pid
    }

    #if canImport(Glibc)
    /// glibc's `POSIX_SPAWN_SETSID` (spawn.h): declared only under `_GNU_SOURCE`, which the Glibc
    /// module Swift imports does not define.
    private static let spawnInNewSession: Int32 = 0x80
    #else
    private static let spawnInNewSession = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// Waits for the program to end. With `ignoringInterrupts`, Ctrl-C and Ctrl-\ reach only the
    /// program while it runs (as with git's pager and editor), not the caller.
    @discardableResult
    public func wait(ignoringInterrupts: Bool) throws(ForegroundProcessError) -> Termination {
        // The child's handlers are reset to the defaults at its start (POSIX_SPAWN_SETSIGDEF).
        let previous = ignoringInterrupts ? (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN)) : nil
        defer {
            if let previous {
                signal(SIGINT, previous.0)
                signal(SIGQUIT, previous.1)
            }
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 {
            guard errno == EINTR else { throw .cannotWait(errno: errno) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let termSignal = waitStatus & 0x7f
        return termSignal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(termSignal)
    }

    /// A pipe whose two ends are closed on exec: only a descriptor given to the child as its input or
    /// output reaches it, so its other end is not held open by the child itself. Nil when no pipe
    /// could be made.
    public static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// Starts `path` with `arguments` (the first is argv[0]) and the caller's environment and standard
    /// streams, then waits for it. With `ignoringInterruptsWhileWaiting`, Ctrl-C and Ctrl-\ reach only
    /// the program while it runs (as with git), not the caller.
    ///
    /// A request to end the caller while the program runs (SIGTERM, SIGHUP; SIGINT unless ignored) is
    /// passed on to the program and returned as `endingSignal`, instead of ending the caller before it
    /// could clean up: the caller should clean up and then end as asked (``ProcessTermination``).
    static func run(
        _ path: String, arguments: [String], ignoringInterruptsWhileWaiting: Bool
    ) throws(ForegroundProcessError)
        -> (termination: Termination, endingSignal: Int32?)
    {
        let forwarded = ignoringInterruptsWhileWaiting ? [SIGTERM, SIGHUP] : [SIGTERM, SIGHUP, SIGINT]
        ChildSignalForwarding.install(forwarded)
        let child: ForegroundProcess
        do {
            child = try ForegroundProcess(executable: path, arguments: arguments)
        } catch {
            _ = ChildSignalForwarding.uninstall(forwarded)
            throw error
        }
        ChildSignalForwarding.begin(child: child.pid)
        let termination: Termination
        do {
            termination = try child.wait(ignoringInterrupts: ignoringInterruptsWhileWaiting)
        } catch {
            _ = ChildSignalForwarding.uninstall(forwarded)
            throw error
        }
        return (termination, ChildSignalForwarding.uninstall(forwarded))
    }
}

/// Why a foreground program could not be run.
public enum ForegroundProcessError: Error, Equatable, Sendable {
    /// `posix_spawn` failed with this error number (no such file, not executable, not a program…).
    case cannotStart(errno: Int32)
    /// Waiting for the program failed with this error number.
    case cannotWait(errno: Int32)

    /// The error number of the failed call.
    public var errorNumber: Int32 {
        switch self {
        case .cannotStart(let number), .cannotWait(let number): number
        }
    }

    /// The error number, in a few words (`strerror`).
    public var reason: String { String(cString: strerror(errorNumber)) }
}
