import AppFactory
import AppShell
import ArgumentParser
import EntryInterchange
import Foundation

/// Turns any error of a command into one line on standard error, `entries: error: …`, and exit
/// status 1 (a storyboard's or the config file's problems: one line each, as `entries storyboard lint` prints them). Usage
/// errors never get here: ArgumentParser reports them itself (status 64).
enum CommandErrorReporter {
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as StoryboardLoadError {
            // Exactly as `entries storyboard lint` prints them: one diagnostic per line.
            try report(error.diagnostics)
        } catch let error as UnknownContextError {
            // A `--context` value that names no context is a usage error, like an unknown option.
            StandardStreams.writeError("entries: error: " + TerminalText.visible(bounded(error.message)) + "\n")
            throw ExitCode.validationFailure
        } catch let error as JournalChoiceError {
            // A journal name that is not in the config is a usage error, like an unknown option.
            StandardStreams.writeError("entries: error: " + TerminalText.visible(bounded(error.description)) + "\n")
            throw ExitCode.validationFailure
        } catch let error as UserConfigurationError {
            // The config file is checked like a storyboard, and reported the same way.
            try report(error.diagnostics)
        } catch let error as CocoaError {
            // A file operation of Foundation's that nothing above explained: its path and a short reason,
            // not Foundation's description (a dump of its domain, code and user info).
            let path = error.userInfo[NSFilePathErrorKey] as? String
            let message = (path.map { $0 + ": " } ?? "") + FileErrorReason.describe(error)
            StandardStreams.writeError("entries: error: " + TerminalText.visible(bounded(message)) + "\n")
            throw ExitCode.failure
        } catch {
            // Messages can quote file content and paths: never let them drive the terminal.
            StandardStreams.writeError(
                "entries: error: " + TerminalText.visible(bounded(String(describing: error))) + "\n")
            throw ExitCode.failure
        }
    }

    /// Prints located diagnostics one per line (controls shown visibly), then fails with status 1.
    private static func report(_ diagnostics: [StoryboardDiagnostic]) throws -> Never {
        for diagnostic in diagnostics {
            StandardStreams.writeError(TerminalText.visible(bounded(diagnostic.description)) + "\n")
        }
        throw ExitCode.failure
    }

    /// The longest message printed, in characters. Errors quote values as bounded excerpts
    /// (`QuotedExcerpt`); this is the backstop for one that does not, so no error can print megabytes.
    static let messageLimit = 2_000

    /// `message`, cut to ``messageLimit`` characters with a note saying so.
    static func bounded(_ message: String) -> String {
        guard message.utf8.count > messageLimit, message.count > messageLimit else { return message }
        return String(message.prefix(messageLimit)) + "… (the message is cut: it had \(message.count) characters)"
    }
}

/// A `--context` value (`entries keys`, `entries storyboard graph`) that names none of the app's
/// contexts; the message lists them, or names the context's name now for a former one.
struct UnknownContextError: Error {
    /// What to tell the person.
    let message: String
}
