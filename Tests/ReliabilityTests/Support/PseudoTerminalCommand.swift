import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with standard output and standard error on a pseudo-terminal (so `isatty` says yes,
/// as in a user's shell) and returns every byte it wrote there, exactly: output processing is turned
/// off on the terminal, so a `\n` is not turned into `\r\n` and a stray `\r` is seen as what it is.
/// Standard input is `input` through a file, so nothing waits for typing; or, with `inputIsTerminal`,
/// the terminal too (for the app, which refuses to start without one), with nothing typed.
enum PseudoTerminalCommand {
    struct Result {
        /// The exit status, or 128 + the signal.
        var status: Int32
        /// Standard output and standard error, interleaved as the terminal received them.
        var bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Runs `path arguments…` with exactly `environment` (input file kept in `folder`); gives up (killing it) after
    /// `timeout` seconds.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], folder: URL,
        input: Data = Data(), inputIsTerminal: Bool = false, width: Int = 80, height: Int = 24, timeout: Double = 60
    ) throws -> Result {
        let (master, slave) = try openPair()
        defer { close(master) }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        settings.c_oflag &= ~tcflag_t(OPOST)
        _ = tcsetattr(slave, TCSANOW, &settings)

        let inputURL = folder.appendingPathComponent("pty-input-\(UUID().uuidString)")
        try input.write(to: inputURL)
        defer { try? FileManager.default.removeItem(at: inputURL) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if inputIsTerminal {
            posix_spawn_file_actions_adddup2(&actions, slave, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, inputURL.path, O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
        posix_spawn_file_actions_adddup2(&actions, slave, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(slave)
        guard spawned == 0 else { throw SuiteSetupError("cannot run \(path): \(String(cString: strerror(spawned)))") }

        // Read until the last writer has closed the terminal (read then fails with EIO).
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        if Date() >= deadline { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SuiteSetupError("waitpid failed: errno \(errno)") }
        }
        let signal = status & 0x7F
        return Result(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, bytes: bytes)
    }

    /// openpty(3), looked up at run time (Swift's Glibc module does not export <pty.h>).
    private static func openPair() throws -> (Int32, Int32) {
        var master: Int32 = -1, slave: Int32 = -1
        typealias OpenPty =
            @convention(c) (
                UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?,
                UnsafeRawPointer?, UnsafeRawPointer?
            ) -> Int32
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "openpty") else {
            throw SuiteSetupError("openpty is not available")
        }
        guard unsafeBitCast(symbol, to: OpenPty.self)(&master, &slave, nil, nil, nil) == 0 else {
            throw SuiteSetupError("openpty failed: errno \(errno)")
        }
        // Not inherited by anything else the tests start.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        return (master, slave)
    }
}

/// What a command may send to a terminal: text, line feeds and tabs. Unlike the renderer (which
/// ``TerminalOutputAudit`` reads, and which positions its cells with CSI sequences), a command's
/// output has no escape sequence at all, so any ESC is a violation, as is every other C0 control
/// (a bare CR would rewrite the line), DEL, a C1 control (which some terminals obey as ESC) and a
/// bidirectional control. The single exception is the import progress line's own "CR, text, CSI K",
/// allowed with `allowingProgressLine`.
enum CommandOutputAudit {
    static func violations(in bytes: [UInt8], allowingProgressLine: Bool = false) -> [String] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return ["the output is not valid UTF-8"] }
        var found: [String] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            let value = scalar.value
            if allowingProgressLine, value == 0x1B, scalars.starts(with: ["[", "K"]) {
                scalars.removeFirst(2)
                continue
            }
            if allowingProgressLine, value == 0x0D { continue }
            switch value {
            case 0x0A, 0x09: continue
            case 0x1B:
                found.append("ESC at \"\(String(String.UnicodeScalarView(scalars.prefix(12))).debugDescription)\"")
            case 0..<0x20, 0x7F: found.append("control character U+\(String(value, radix: 16, uppercase: true))")
            case 0x80...0x9F: found.append("C1 control U+00\(String(value, radix: 16, uppercase: true))")
            default:
                if scalar.properties.isBidiControl || value == 0x2028 || value == 0x2029 {
                    found.append("bidi control or separator U+\(String(value, radix: 16, uppercase: true))")
                }
            }
        }
        return found
    }
}
