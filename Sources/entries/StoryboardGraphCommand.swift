import AppFactory
import AppShell
import ArgumentParser
import Foundation

/// `entries storyboard graph`: the flow of one or all contexts as a Mermaid or Graphviz graph.
struct StoryboardGraphCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the scenes and segues (with their keys) of the storyboards as a graph.",
        discussion: """
            Mermaid renders on GitHub inside a ```mermaid block, so a reviewer sees a flow change in the \
            pull request; DOT renders with Graphviz (`entries storyboard graph --format dot | dot -Tsvg`). \
            Given files (or folders), draws those instead of the app's; with --other-contexts they may be \
            another package's (see `entries storyboard lint --help`).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case mermaid, dot
    }

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    @Option(help: "mermaid or dot.")
    var format: Format = .mermaid

    @Option(help: ArgumentHelp("Only this context (Entries, Settings, Calendar or Trash).", valueName: "name"))
    var context: String?

    @Flag(help: "Draw files of contexts this app does not have (another package's) rather than refuse them.")
    var otherContexts = false

    @Argument(help: ArgumentHelp("Storyboard files or folders of them, instead of the app's.", valueName: "file"))
    var files: [String] = []

    func execute() throws {
        let report = try MainActor.assumeIsolated {
            let catalog = flow.catalog()
            if !files.isEmpty {
                let sources = StoryboardLintCommand.sources(files)
                if sources.isEmpty { throw CommandError.noStoryboards(paths: files) }
                var linter = StoryboardLinter(registries: catalog.registries)
                linter.checksOtherContextsByStructure = otherContexts
                linter.referencedStoryboards = catalog.contexts.map(\.source)
                let report = linter.lint(sources)
                guard let context else { return report }
                var chosen = report
                chosen.storyboards = report.storyboards.filter { $0.name.lowercased() == context.lowercased() }
                if chosen.storyboards.isEmpty {
                    throw UnknownContextError(message: "no file given is the context `\(context)`")
                }
                return chosen
            }
            var contexts = catalog.contexts
            if let context {
                guard let chosen = catalog.context(named: context) else {
                    throw UnknownContextError(message: catalog.unknownContextMessage(context))
                }
                contexts = [chosen]
            }
            return StoryboardLinter(registries: catalog.registries).lint(contexts.map(\.source))
        }
        guard report.errorCount == 0 else {
            for line in report.lines { StandardStreams.writeError(line + "\n") }
            throw ExitCode.failure
        }
        switch format {
        case .mermaid: try StandardStreams.writeOutput(StoryboardGraph.mermaid(report.storyboards))
        case .dot: try StandardStreams.writeOutput(StoryboardGraph.dot(report.storyboards))
        }
    }
}
