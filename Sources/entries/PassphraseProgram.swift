import AppShell
import Foundation
import SQLiteStore

/// `$ENTRIES_PASSPHRASE_COMMAND`: a command line split into words (quotes group words; no shell
/// runs it, so nothing in it is expanded), run with this process's environment, its standard output
/// taken as the passphrase (one line end at its end removed). Its standard error goes to ours (a
/// password manager may ask something).
struct PassphraseProgram {
    let commandLine: String
    let environment: [String: String]
    /// False while the full-screen app owns the terminal (a journal switched to in the app): the
    /// command then runs without a terminal (its input and error `/dev/null`, in a session of its
    /// own, so `/dev/tty` does not open), where it would draw over the app and take its keys.
    var mayUseTerminal = true

    static let limit = 65_536

    func run() throws -> Passphrase {
        let words = Self.words(commandLine)
        guard let name = words.first else { throw PassphraseError.empty }
        guard let executable = Self.resolve(name, path: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw PassphraseError.commandNotFound(name)
        }
        var childEnvironment = environment
        childEnvironment[PassphraseReader.commandVariable] = nil
        guard let output = ForegroundProcess.makePipe() else {
            throw PassphraseError.commandCouldNotStart(executable, reason: "no pipe could be made")
        }
        let nothing = mayUseTerminal ? -1 : open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { if nothing >= 0 { close(nothing) } }
        let child: ForegroundProcess
        do {
            // In our process group, with our standard input: a password manager may ask on the terminal
            // (unless the app owns it: then in a session of its own, without one).
            child = try ForegroundProcess(
                executable: executable, arguments: [executable] + words.dropFirst(), environment: childEnvironment,
                standardInput: nothing >= 0 ? nothing : nil, standardOutput: output.write,
                standardError: nothing >= 0 ? nothing : nil, withoutTerminal: !mayUseTerminal)
        } catch {
            close(output.read)
            close(output.write)
            throw PassphraseError.commandCouldNotStart(executable, reason: Self.reason(errno: error.errorNumber))
        }
        close(output.write)
        // At most 64 KiB: a command that prints without end is stopped, not read into memory.
        var bytes = Self.readOutput(output.read, upTo: Self.limit + 1)
        close(output.read)
        defer { Passphrase.wipe(&bytes) }
        if bytes.count > Self.limit {
            kill(child.pid, SIGKILL)
            _ = try? child.wait(ignoringInterrupts: false)
            throw PassphraseError.tooLong
        }
        // A wait that fails (it does not, for our own child) counts as a failed command.
        let status = (try? child.wait(ignoringInterrupts: false))?.status ?? 128
        guard status == 0 else {
            throw PassphraseError.commandFailed(name, status: status)
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return Passphrase(bytes: bytes)
    }

    /// Why the command could not be started, in a few words. A script without a `#!` line is the
    /// likely case of "exec format error": no shell runs the command, so the kernel must know how to.
    static func reason(errno: Int32) -> String {
        if errno == ENOEXEC {
            return "it is not a program (a script needs a first line such as #!/bin/sh: no shell runs the command)"
        }
        return String(cString: strerror(errno))
    }

    /// Up to `limit` bytes from `descriptor`, until its end.
    static func readOutput(_ descriptor: Int32, upTo limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { Passphrase.wipe(&buffer) }
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Words separated by spaces; single or double quotes keep spaces inside a word.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// The executable `name` names: itself when it holds a slash, else the first match on `path`.
    static func resolve(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
