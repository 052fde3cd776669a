#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `/bin/sh -c command` in the foreground and waits for it: the demo's "external program".
enum ShellCommand {
    /// The wait status, or nil when the shell could not be started.
    @discardableResult
    static func run(_ command: String) -> Int32? {
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", command]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, &arguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }
}

/// Writes a line to standard error (fd 2 directly: the C `stderr` global is not concurrency-safe).
func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    line.withUnsafeBytes { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
