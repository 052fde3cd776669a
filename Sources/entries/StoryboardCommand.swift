import AppFactory
import ArgumentParser

/// `entries storyboard …`: tools for the storyboard files that describe each context's flow.
struct StoryboardCommand: ParsableCommand {
    // Computed: the help names the contexts the app has (``ContextModule/all``), however many. The
    // command tree is read on the main thread, where the descriptors live.
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "storyboard",
            abstract: "Check and draw the storyboards: the files that say which scenes exist and how they connect.",
            discussion: """
                Each context (\(MainActor.assumeIsolated { ContextModule.all.map(\.name) }.joined(separator: ", "))) ships a storyboard. Copy one into a folder, edit it and run \
                `entries --storyboards FOLDER` to try a new flow without recompiling; `lint` checks it first.
                """,
            subcommands: [StoryboardLintCommand.self, StoryboardGraphCommand.self, StoryboardCompileCommand.self]
        )
    }
}
