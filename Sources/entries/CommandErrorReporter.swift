import ArgumentParser

/// Turns any error of a command into one line on standard error, `entries: error: …`, and exit
/// status 1. Usage errors never get here: ArgumentParser reports them itself (status 64).
enum CommandErrorReporter {
    static func reporting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Messages can quote file content and paths: never let them drive the terminal.
            StandardStreams.writeError("entries: error: " + TerminalText.visible(String(describing: error)) + "\n")
            throw ExitCode.failure
        }
    }
}
