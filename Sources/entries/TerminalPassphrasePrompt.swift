import Foundation
import SQLiteStore

/// Asks for a passphrase on the controlling terminal (`/dev/tty`, so that standard input and output
/// can be pipes), with echo off, restoring the terminal's settings on every way out.
enum TerminalPassphrasePrompt {
    /// Writes `prompt`, reads one line without echo, and returns it (without its line end).
    static func ask(_ prompt: String) throws -> Passphrase {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw PassphraseError.noTerminal }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { throw PassphraseError.noTerminal }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ICANON | ECHONL)
        write(tty, prompt)
        guard tcsetattr(tty, TCSAFLUSH, &silent) == 0 else { throw PassphraseError.noTerminal }
        defer { _ = tcsetattr(tty, TCSAFLUSH, &saved) }
        var line: [UInt8] = []
        defer { for index in line.indices { line[index] = 0 } }
        var byte: UInt8 = 0
        while true {
            let got = read(tty, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            line.append(byte)
        }
        return Passphrase(bytes: line)
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        _ = Foundation.write(descriptor, &bytes, bytes.count)
    }
}
