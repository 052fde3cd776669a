import Foundation

/// A pipe whose ends never block and are closed in child processes: how a signal handler (which may
/// only write a byte) wakes a thread that waits in `poll`.
enum WakePipe {
    /// The read and the write end; throws `TerminalError.systemCallFailed` when `pipe` fails.
    static func open() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError.systemCallFailed(call: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }
}
