import AppFactory
import AppShell
import ArgumentParser
import Foundation

/// `entries storyboard lint [FILE…]`: every problem of the storyboards, with file and line.
struct StoryboardLintCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check storyboard files and print every problem with its file and line.",
        discussion: """
            Without files, checks the built-in storyboards (or those of --storyboards DIR). A file is \
            checked against the context it names (`storyboard: Entries`): its scene kinds, the values \
            segues pass, its actions and key names. Exits with status 1 when there is an error; \
            warnings (a scene no segue reaches) do not fail. With --other-contexts, a file of a context \
            this app does not have (another package's) is checked for everything but its scene kinds \
            and actions, which are its package's code: YAML, scenes, segues, keys, references.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    @Argument(help: ArgumentHelp("Storyboard files or folders of them.", valueName: "file"))
    var files: [String] = []

    @Flag(help: "Check files of contexts this app does not have (another package's) rather than refuse them.")
    var otherContexts = false

    func execute() throws {
        let report = try MainActor.assumeIsolated {
            let catalog = flow.catalog()
            let sources = files.isEmpty ? catalog.contexts.map(\.source) : Self.sources(files)
            // A folder without storyboards is a mistake to report, not a clean bill of health.
            if sources.isEmpty {
                throw CommandError.noStoryboards(paths: files)
            }
            var linter = StoryboardLinter(registries: catalog.registries)
            linter.checksOtherContextsByStructure = otherContexts
            // Files named alone: their references to named scenes are checked against the app's other storyboards.
            linter.referencedStoryboards = catalog.contexts.map(\.source)
            var report = linter.lint(sources)
            report.diagnostics += catalog.referencesIntoTheRoot(report.storyboards)
            // Linting the app's storyboards (no files named): the override folder is part of them.
            if files.isEmpty { report.diagnostics = catalog.overrideProblems + report.diagnostics }
            return report
        }
        for line in report.diagnostics.map(\.description) {
            StandardStreams.writeError(line + "\n")
        }
        if !otherContexts, report.diagnostics.contains(where: { $0.message.hasPrefix("no context is named") }) {
            StandardStreams.writeError(
                "entries: a storyboard of another package's context is checked with --other-contexts\n")
        }
        try StandardStreams.writeOutput(report.summary + "\n")
        if report.errorCount > 0 { throw ExitCode.failure }
    }

    /// Files as given; a folder stands for the storyboards in it.
    static func sources(_ paths: [String]) -> [StoryboardSource] {
        paths.flatMap { path -> [StoryboardSource] in
            var isDirectory: ObjCBool = false
            let url = URL(fileURLWithPath: path)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                let inside = try? StoryboardLinter.sources(inDirectory: url)
            {
                return inside
            }
            return [.file(url)]
        }
    }
}
