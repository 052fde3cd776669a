import ArgumentParser
import Foundation

extension EntriesCommand {
    /// The terminal UI's launch for arguments that only open it, without building ArgumentParser's
    /// parser (a millisecond of the start, see ``TerminalUILaunchArguments``); errors end as
    /// ``mainPrintingSafely(_:)`` ends them.
    static func launchPrintingSafely(_ arguments: TerminalUILaunchArguments) -> Never {
        do {
            try CommandErrorReporter.reporting {
                try TerminalUILaunch(arguments).run()
            }
            Foundation.exit(EXIT_SUCCESS)
        } catch {
            let message = fullMessage(for: error)
            if !message.isEmpty { StandardStreams.writeError(message + "\n") }
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }

    /// ArgumentParser's `main()`, except that what it prints goes through ``StandardStreams``.
    ///
    /// A usage error echoes the bad value (`entries list --limit $'\e]2;X\a'`), and ArgumentParser
    /// writes it to standard error as it is: on a terminal that value would retitle the window. Here the
    /// parser's message and exit status (64 for usage, 0 for `--help`) are kept, and only the writing
    /// is ours.
    static func mainPrintingSafely(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        do {
            if let filter = SubcommandSuggestion.jrnlFilter(in: arguments) {
                throw ValidationError("Unknown option '\(filter)'")
            }
            if let format = SubcommandSuggestion.jrnlFormatOption(in: arguments) {
                throw ValidationError(
                    "Unknown option '\(format.typed)'\nDid you mean '\(format.instead)'? (jrnl's --format; "
                        + "`entries export --format json|markdown|csv` writes whole entries)")
            }
            if let unknown = UnknownOption.first(in: arguments) {
                StandardStreams.writeError(unknown.message + "\n")
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            var command = try parseAsRoot(FreeTextArguments.protect(arguments))
            try command.run()
            Foundation.exit(EXIT_SUCCESS)
        } catch {
            var message = fullMessage(for: error)
            var status = exitCode(for: error)
            // ArgumentParser reads `-short` as the flags `-s -h -o -r -t` and prints the help, status 0,
            // for its `h`: a command that did nothing must not say it succeeded.
            if status.isSuccess, let grouped = SubcommandSuggestion.groupedFlagsHidingHelp(in: arguments) {
                message = fullMessage(for: ValidationError("Unknown option '\(grouped)'"))
                status = .validationFailure
            }
            if status == .validationFailure,
                let suggestion = SubcommandSuggestion.line(
                    for: arguments, subcommands: configuration.subcommands.map { $0._commandName })
            {
                // Right under the error's first line, before the usage lines.
                var lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                lines.insert(Substring(suggestion), at: min(1, lines.count))
                message = lines.joined(separator: "\n")
            }
            if !message.isEmpty {
                // As ArgumentParser does: help and other clean exits to standard output, errors to error.
                if status.isSuccess {
                    try? StandardStreams.writeOutput(message + "\n")
                } else {
                    StandardStreams.writeError(message + "\n")
                }
            }
            Foundation.exit(status.rawValue)
        }
    }
}
