import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a short program with posix_spawn and waitpid. Used for tmux: its first client forks the
/// server as a daemon, and Foundation's `Process.waitUntilExit()` then never returns (the client
/// stays a zombie that Process does not reap).
enum Spawn {
    /// Runs `path arguments…` with `environment`, standard input from /dev/null, standard output
    /// into `outputPath` and standard error discarded; returns the exit status (128 + n for a signal).
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], outputPath: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw SuiteSetupError("cannot run \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SuiteSetupError("waitpid failed for \(path): errno \(errno)") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG by hand: the macros are not imported into Swift.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
