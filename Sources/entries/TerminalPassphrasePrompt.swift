import Foundation
import SQLiteStore

/// Asks for a passphrase on the controlling terminal (`/dev/tty`, so that standard input and output
/// can be pipes) without echo, restoring the terminal's settings on every way out. The terminal's
/// signal keys are off while it asks, and read here: Ctrl-C or Ctrl-D cancel (an error, the terminal
/// as it was), Backspace erases, Enter ends the line. A signal cannot end the process with echo off.
enum TerminalPassphrasePrompt {
    /// Writes `prompt`, reads one line without echo, and returns it.
    static func ask(_ prompt: String) throws -> Passphrase {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw PassphraseError.noTerminal }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { throw PassphraseError.noTerminal }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        silent.c_iflag &= ~tcflag_t(IXON)
        silent.c_iflag |= tcflag_t(ICRNL)
        withUnsafeMutableBytes(of: &silent.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        write(tty, prompt)
        guard tcsetattr(tty, TCSAFLUSH, &silent) == 0 else { throw PassphraseError.noTerminal }
        defer {
            _ = tcsetattr(tty, TCSAFLUSH, &saved)
            write(tty, "\n")
        }
        var line: [UInt8] = []
        defer { Passphrase.wipe(&line) }
        var byte: UInt8 = 0
        while true {
            let got = read(tty, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            guard got == 1 else { throw PassphraseError.cancelled }
            switch byte {
            case 0x0a, 0x0d: return Passphrase(bytes: line)
            case 0x03, 0x04: throw PassphraseError.cancelled  // Ctrl-C, Ctrl-D
            case 0x7f, 0x08: if !line.isEmpty { line.removeLast() }  // Backspace
            case 0x15: Passphrase.wipe(&line); line.removeAll()  // Ctrl-U
            default: line.append(byte)
            }
        }
    }

    private static func write(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        _ = Foundation.write(descriptor, &bytes, bytes.count)
    }
}
