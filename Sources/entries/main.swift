// The lean "app delegate": ArgumentParser parses the command line and runs the chosen command.
// `entries` alone opens the terminal UI (see TerminalUILaunch.swift); the command lines that only
// open it skip building the parser (TerminalUILaunchArguments.swift). Subcommands serve scripting.
if let launch = TerminalUILaunchArguments(Array(CommandLine.arguments.dropFirst())) {
    EntriesCommand.launchPrintingSafely(launch)
}
EntriesCommand.mainPrintingSafely()
