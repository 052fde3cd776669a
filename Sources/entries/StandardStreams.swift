import EntryStore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, and whether each is a terminal. All output goes through here
/// (unbuffered `FileHandle` writes), so standard output and standard error never interleave oddly.
enum StandardStreams {
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func writeOutput(_ text: String) throws {
        try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    }

    /// Best effort: there is nowhere left to report a failure to write an error.
    static func writeError(_ text: String) {
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }

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
