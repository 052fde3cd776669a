import Foundation
import SQLiteStore

/// Where the passphrase of an encrypted journal comes from: the command in
/// `$ENTRIES_PASSPHRASE_COMMAND` (e.g. `pass show journal`), run without a shell, or else the
/// terminal (`/dev/tty`), asked without echo before anything is drawn. Never an argument, never the
/// environment of a child process, never part of a message.
struct PassphraseReader {
    let environment: [String: String]

    /// The environment variable naming the command.
    static let commandVariable = "ENTRIES_PASSPHRASE_COMMAND"
    /// The environment variable naming the command that prints the new passphrase of `entries passphrase`.
    static let newCommandVariable = "ENTRIES_NEW_PASSPHRASE_COMMAND"

    /// The passphrase of the journal at `path`.
    func passphrase(for path: String) throws -> Passphrase {
        if let command = environment[Self.commandVariable], !command.trimmingCharacters(in: .whitespaces).isEmpty {
            return try PassphraseProgram(commandLine: command, environment: environment).run()
        }
        return try TerminalPassphrasePrompt.ask("Passphrase for \(TerminalText.visible(path)): ")
    }

    /// A new passphrase: from the command when set (once), else asked twice on the terminal.
    func newPassphrase(for path: String, purpose: String) throws -> Passphrase {
        if let command = environment[Self.commandVariable], !command.trimmingCharacters(in: .whitespaces).isEmpty {
            let passphrase = try PassphraseProgram(commandLine: command, environment: environment).run()
            guard !passphrase.isEmpty else { throw PassphraseError.empty }
            return passphrase
        }
        let first: Passphrase
        do {
            first = try TerminalPassphrasePrompt.ask("\(purpose) for \(TerminalText.visible(path)): ")
        } catch PassphraseError.noTerminal {
            // The journal is being created or encrypted: "the journal is encrypted" would be untrue.
            throw PassphraseError.noTerminalForNewPassphrase
        }
        guard !first.isEmpty else { throw PassphraseError.empty }
        let second = try TerminalPassphrasePrompt.ask("The same passphrase again: ")
        guard first.matches(second) else { throw PassphraseError.mismatch }
        return first
    }
}

/// Why no passphrase could be had. The messages never hold one.
enum PassphraseError: Error, CustomStringConvertible {
    case noTerminal
    /// A new passphrase (`init --encrypted`, `encrypt`, `passphrase`) and no terminal to ask it on.
    case noTerminalForNewPassphrase
    case cancelled
    case tooLong
    case empty
    case mismatch
    case commandNotFound(String)
    case commandFailed(String, status: Int32)
    case commandCouldNotStart(String, reason: String)

    var description: String {
        switch self {
        case .noTerminal:
            return "the journal is encrypted and there is no terminal to ask its passphrase on: "
                + "run in a terminal, or set \(PassphraseReader.commandVariable) to a command that prints it"
        case .noTerminalForNewPassphrase:
            return "there is no terminal to ask the new passphrase on: "
                + "run in a terminal, or set \(PassphraseReader.commandVariable) to a command that prints it; "
                + "nothing was written"
        case .cancelled:
            return "no passphrase given; nothing was opened"
        case .tooLong:
            return "\(PassphraseReader.commandVariable): the command printed more than 64 KiB; nothing was opened"
        case .empty:
            return "the passphrase is empty; nothing was changed"
        case .mismatch:
            return "the two passphrases differ; nothing was changed"
        case .commandNotFound(let name) where name.contains("/"):
            // A path is not looked up on the PATH: say what is wrong with it.
            let reason = access(name, F_OK) == 0 ? "it is not executable" : "there is no file"
            return "\(PassphraseReader.commandVariable): \(TerminalText.visible(name)): \(reason)"
        case .commandNotFound(let name):
            return "\(PassphraseReader.commandVariable): no command \(TerminalText.visible(name)) on the PATH"
        case let .commandCouldNotStart(name, reason):
            return
                "\(PassphraseReader.commandVariable): \(TerminalText.visible(name)) could not be started: \(reason); nothing was opened"
        case let .commandFailed(name, status):
            return
                "\(PassphraseReader.commandVariable): \(TerminalText.visible(name)) failed (exit status \(status)); nothing was opened"
        }
    }
}
