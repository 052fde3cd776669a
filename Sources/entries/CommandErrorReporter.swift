import AppShell
import ArgumentParser

/// Turns any error of a command into one line on standard error, `entries: error: …`, and exit
/// status 1 (a storyboard's problems: one line each, as `entries storyboard lint` prints them). Usage errors never get here: ArgumentParser reports them itself (status 64).
enum CommandErrorReporter {
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch let error as StoryboardLoadError {
            // Exactly as `entries storyboard lint` prints them: one diagnostic per line.
            for diagnostic in error.diagnostics {
                StandardStreams.writeError(TerminalText.visible(diagnostic.description) + "\n")
            }
            throw ExitCode.failure
        } catch {
            // Messages can quote file content and paths: never let them drive the terminal.
            StandardStreams.writeError("entries: error: " + TerminalText.visible(String(describing: error)) + "\n")
            throw ExitCode.failure
        }
    }
}
