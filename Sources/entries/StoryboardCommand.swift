import ArgumentParser

/// `entries storyboard …`: tools for the storyboard files that describe each context's flow.
struct StoryboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard",
        abstract: "Check and draw the storyboards: the files that say which scenes exist and how they connect.",
        discussion: """
            Each context (Entries, Settings) ships a storyboard. Copy one into a folder, edit it and run \
            `entries --storyboards FOLDER` to try a new flow without recompiling; `lint` checks it first.
            """,
        subcommands: [StoryboardLintCommand.self, StoryboardGraphCommand.self]
    )
}
