import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program in *this* process group, so that it is in the terminal's foreground group and may
/// read and write the terminal (an editor, a pager).
///
/// Foundation's `Process` puts the child in a new process group on Linux: a terminal program started
/// that way is stopped (SIGTTOU/SIGTTIN) as soon as it touches the terminal, and the caller waits
/// forever. Here the child is spawned with `posix_spawn`, its signal mask cleared and its job-control
/// and interrupt signals reset to their defaults (the caller may have them caught or ignored).
enum ForegroundProcess {
    /// How the program ended.
    enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
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

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }

        let forwarded = ignoringInterruptsWhileWaiting ? [SIGTERM, SIGHUP] : [SIGTERM, SIGHUP, SIGINT]
        ChildSignalForwarding.install(forwarded)
        var pid = pid_t()
        let status = posix_spawn(&pid, path, nil, &attributes, argv, environ)
        guard status == 0 else {
            _ = ChildSignalForwarding.uninstall(forwarded)
            throw .cannotStart(reason: String(cString: strerror(status)))
        }
        ChildSignalForwarding.begin(child: pid)

        // Ignored only after the start, so the child keeps the default handlers.
        let previous = ignoringInterruptsWhileWaiting ? (signal(SIGINT, SIG_IGN), signal(SIGQUIT, SIG_IGN)) : nil
        defer {
            if let previous {
                signal(SIGINT, previous.0)
                signal(SIGQUIT, previous.1)
            }
        }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 {
            guard errno == EINTR else {
                _ = ChildSignalForwarding.uninstall(forwarded)
                throw .cannotWait(reason: String(cString: strerror(errno)))
            }
        }
        let endingSignal = ChildSignalForwarding.uninstall(forwarded)
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let termSignal = waitStatus & 0x7f
        if termSignal == 0 { return (.exited((waitStatus >> 8) & 0xff), endingSignal) }
        return (.signalled(termSignal), endingSignal)
    }
}

/// Why a foreground program could not be run.
enum ForegroundProcessError: Error, Equatable {
    case cannotStart(reason: String)
    case cannotWait(reason: String)
}
