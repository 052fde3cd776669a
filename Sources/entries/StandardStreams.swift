import AppShell
import EntryInterchange
import EntryModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, and whether each is a terminal. All output goes through here
/// (unbuffered `FileHandle` writes), so standard output and standard error never interleave oddly.
///
/// This is the one way to write to a standard stream, and it decides what a terminal may receive:
/// text written to a terminal goes through AppShell's `TextSanitizer` (line breaks and tabs kept),
/// so no entry, file name, storyboard or argument can send it an escape sequence; files and pipes get
/// the bytes as they are. The only control the command line sends on purpose, the progress line's
/// "back to the start, erase", is written by ``rewriteErrorLine(_:)`` and ``clearErrorLine()``.
enum StandardStreams {
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` to standard output: made visible when it is a terminal, as is otherwise.
    static func writeOutput(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(forStream(text, isTerminal: outputIsTerminal).utf8))
    }

    /// Writes `text` to standard error the same way. Best effort: there is nowhere left to report a
    /// failure to write an error.
    /// Everything written here is a message (errors, warnings, progress), never a user's data: a
    /// password in a database location it quotes is masked (``SecretRedaction``).
    static func writeError(_ text: String) {
        let shown = SecretRedaction.redacted(text)
        try? FileHandle.standardError.write(contentsOf: Data(forStream(shown, isTerminal: errorIsTerminal).utf8))
    }

    /// Replaces the line the cursor is on, on a terminal's standard error, by `text` (made visible).
    static func rewriteErrorLine(_ text: String) {
        guard errorIsTerminal else { return }
        try? FileHandle.standardError.write(
            contentsOf: Data(("\r" + TextSanitizer.sanitized(text) + eraseToEndOfLine).utf8))
    }

    /// Erases the line the cursor is on, on a terminal's standard error.
    static func clearErrorLine() {
        guard errorIsTerminal else { return }
        try? FileHandle.standardError.write(contentsOf: Data(("\r" + eraseToEndOfLine).utf8))
    }

    /// Where an export to standard output goes: the bytes as they are to a file or pipe, made visible
    /// on a terminal.
    static func outputExportDestination() -> any ExportDestination {
        let plain = FileHandleExportDestination(handle: .standardOutput)
        return outputIsTerminal ? TerminalExportDestination(terminal: plain) : plain
    }

    /// What a stream receives for `text`.
    static func forStream(_ text: String, isTerminal: Bool) -> String {
        isTerminal ? TextSanitizer.sanitized(text, keepingLineBreaks: true) : text
    }

    private static let eraseToEndOfLine = "\u{1B}[K"

    /// Everything on standard input, up to its end.
    static func readAllInput() throws -> Data {
        do {
            return try FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            throw CommandError.cannotRead(path: "standard input", reason: error.localizedDescription)
        }
    }

    /// One line typed on standard input (without its newline), or nil at the end of input.
    static func readInputLine() -> String? {
        readLine(strippingNewline: true)
    }

    /// The terminal's width in columns when standard output is a terminal.
    static func outputTerminalWidth() -> Int? {
        outputIsTerminal ? terminalWidth(of: STDOUT_FILENO) : nil
    }

    /// The terminal's width in columns when standard error is a terminal.
    static func errorTerminalWidth() -> Int? {
        errorIsTerminal ? terminalWidth(of: STDERR_FILENO) : nil
    }

    private static func terminalWidth(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `data` as text, or an error naming where it stops being UTF-8.
    static func text(of data: Data, source: String) throws -> String {
        if let position = TextPosition.firstInvalidUTF8(in: data) {
            throw CommandError.notText(source: source, line: position.line, column: position.column)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
