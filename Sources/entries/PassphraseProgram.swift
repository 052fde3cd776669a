import EntryInterchange
import Foundation
import SQLiteStore

/// `$ENTRIES_PASSPHRASE_COMMAND`: a command line split into words (quotes group words; no shell
/// runs it, so nothing in it is expanded), run with this process's environment, its standard output
/// taken as the passphrase (one line end at its end removed). Its standard error goes to ours (a
/// password manager may ask something).
struct PassphraseProgram {
    let commandLine: String
    let environment: [String: String]

    static let limit = 65_536

    func run() throws -> Passphrase {
        let words = Self.words(commandLine)
        guard let name = words.first else { throw PassphraseError.empty }
        guard let executable = Self.resolve(name, path: environment["PATH"] ?? "/usr/bin:/bin") else {
            throw PassphraseError.commandNotFound(name)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(words.dropFirst())
        var childEnvironment = environment
        childEnvironment[PassphraseReader.commandVariable] = nil
        process.environment = childEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.standardInput
        do {
            try process.run()
        } catch {
            throw PassphraseError.commandCouldNotStart(executable, reason: Self.reason(error))
        }
        // At most 64 KiB: a command that prints without end is stopped, not read into memory.
        var bytes = [UInt8]((try? output.fileHandleForReading.read(upToCount: Self.limit + 1)) ?? Data())
        defer { Passphrase.wipe(&bytes) }
        if bytes.count > Self.limit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw PassphraseError.tooLong
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PassphraseError.commandFailed(name, status: process.terminationStatus)
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return Passphrase(bytes: bytes)
    }

    /// Why the command could not be started, in a few words. A script without a `#!` line is the
    /// likely case of "exec format error": no shell runs the command, so the kernel must know how to.
    static func reason(_ error: any Error) -> String {
        let underlying = (error as? CocoaError)?.userInfo[NSUnderlyingErrorKey] as? NSError
        if underlying?.domain == NSPOSIXErrorDomain, underlying?.code == Int(ENOEXEC) {
            return "it is not a program (a script needs a first line such as #!/bin/sh: no shell runs the command)"
        }
        return FileErrorReason.describe(error)
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
