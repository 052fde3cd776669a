import AppFactory
import AppShell
import ArgumentParser
import Foundation

/// `entries storyboard compile FILE --type NAME`: a storyboard file as Swift source, the way this
/// package ships its contexts' storyboards (no file to find at start, no YAML to parse). For any
/// package's context: the file is linted first (another package's context by its structure) and
/// refused with every problem when it has one.
struct StoryboardCompileCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Write a storyboard file as Swift source, to compile it into a context's module.",
        discussion: """
            Prints a Swift file extending TYPE (the context's controller) with \
            `nonisolated static let compiledStoryboard`, to hand to `StoryboardSource.compiled(_:)`. The \
            file is checked first, as `entries storyboard lint --other-contexts` checks it; with an error \
            nothing is written and the status is 1. The storyboard keeps its file name and line numbers, \
            so later problems still point into the file.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The storyboard file.", valueName: "file"))
    var file: String

    @Option(name: .customLong("type"), help: ArgumentHelp("The type the source extends.", valueName: "name"))
    var typeName: String

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("A module the source imports (AppShell always).", valueName: "module"))
    var imports: [String] = []

    @Option(
        name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "path"))
    var output: String?

    func validate() throws {
        // A Swift identifier (optionally qualified): it is written into the source as is.
        let identifier = #"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$"#
        for name in [typeName] + imports where name.range(of: identifier, options: .regularExpression) == nil {
            throw ValidationError("`\(name)` is not a Swift type or module name")
        }
    }

    func execute() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandError.noStoryboards(paths: [file])
        }
        let report = MainActor.assumeIsolated {
            var linter = StoryboardLinter(registries: StoryboardOptions(storyboards: nil).catalog().registries)
            linter.checksOtherContextsByStructure = true
            return linter.lint([.file(URL(fileURLWithPath: file))])
        }
        guard report.errorCount == 0, let storyboard = report.storyboards.first else {
            for line in report.lines { StandardStreams.writeError(line + "\n") }
            throw ExitCode.failure
        }
        var writer = StoryboardSwiftSource(
            typeName: typeName, importing: ["AppShell"] + imports.filter { $0 != "AppShell" })
        writer.generator = "`entries storyboard compile`"
        let source = try writer.file(for: storyboard)
        if let output {
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            try StandardStreams.writeOutput(source)
        }
    }
}
