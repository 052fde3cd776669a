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
            pull request; DOT renders with Graphviz (`entries storyboard graph --format dot | dot -Tsvg`).
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

    func execute() throws {
        let report = try MainActor.assumeIsolated {
            let catalog = flow.catalog()
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
