import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program and waits for it with posix_spawn and waitpid.
///
/// Not Foundation's `Process`: on Linux it learns that a child ended when a socket inherited by the child
/// closes, and `tmux new-session` leaves a server daemon holding that socket, so `waitUntilExit()` never
/// returns.
enum Subprocess {
    struct Result {
        var status: Int32
        var output: String
    }

    /// Runs `executable` with `arguments` and `environment`; standard input and error are /dev/null,
    /// standard output is captured when `capturingOutput` (else /dev/null).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], capturingOutput: Bool
    ) throws -> Result {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var pipeFDs: [Int32] = [-1, -1]
        if capturingOutput {
            guard pipe(&pipeFDs) == 0 else { throw POSIXError(.EMFILE) }
            posix_spawn_file_actions_adddup2(&fileActions, pipeFDs[1], 1)
            posix_spawn_file_actions_addclose(&fileActions, pipeFDs[0])
            posix_spawn_file_actions_addclose(&fileActions, pipeFDs[1])
        } else {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, envp)
        if capturingOutput { close(pipeFDs[1]) }
        guard spawned == 0 else {
            if capturingOutput { close(pipeFDs[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT)
        }
        var output: [UInt8] = []
        if capturingOutput {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(pipeFDs[0], &buffer, buffer.count)
                if count > 0 {
                    output += buffer[0..<count]
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            close(pipeFDs[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus, output: String(decoding: output, as: UTF8.self))
    }
}
