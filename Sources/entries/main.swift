// The lean "app delegate": ArgumentParser parses the command line and runs the chosen command.
// `entries` alone opens the terminal UI (see TerminalUILaunch.swift); subcommands serve scripting.
if let launch = TerminalUILaunchArguments(Array(CommandLine.arguments.dropFirst())) {
    EntriesCommand.launchPrintingSafely(launch)
}
EntriesCommand.mainPrintingSafely()
