import AppFactory
import AppShell
import ArgumentParser
import Foundation

/// `entries layout …`: tools for the layout files that say what a scene shows and where.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Check layout files and show which layouts are in force.",
        discussion: """
            A layout file (`EntryList.layout`) says what one kind of scene shows and where: the columns \
            of the list's rows. Put one in $XDG_CONFIG_HOME/entries/layouts/ (or a --storyboards folder) \
            to replace the built-in one; `lint` checks it first.
            """,
        subcommands: [LayoutLintCommand.self, LayoutShowCommand.self]
    )

    /// The folders a layout is read from: `--storyboards DIR` (or the person's storyboards folder),
    /// then the person's `layouts/` folder.
    static func directories(
        _ options: StoryboardOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [URL] {
        [
            options.storyboardDirectory(environment: environment),
            UserConfigurationFile.layoutsDirectory(environment: environment),
        ].compactMap { $0 }
    }

    /// The layouts in force: the files of ``directories(_:environment:)`` and the config's `list-row:`.
    /// A config file with an error stops here with its problems, as a start would.
    static func catalog(
        _ options: StoryboardOptions, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> LayoutCatalog {
        let configuration = try UserConfigurationFile.load(environment: environment)
        return LayoutCatalog(
            directories: directories(options, environment: environment), listRow: configuration.listRow,
            configurationPath: configuration.path)
    }
}

/// `entries layout lint [FILE…]`: every problem of the layouts, with file, line and column, exactly
/// as a start refused for them prints them.
struct LayoutLintCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check layout files and print every problem with its file, line and column.",
        discussion: """
            Without files, checks the layouts the app would use (the person's layouts folder and \
            --storyboards DIR). A file is checked against the scene kind it names (`kind: EntryList`): \
            its outlets, their formats, widths and theme roles. Exits with status 1 when there is an error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    @Argument(help: ArgumentHelp("Layout files.", valueName: "file"))
    var files: [String] = []

    func execute() throws {
        let diagnostics: [StoryboardDiagnostic]
        let checked: Int
        if files.isEmpty {
            let catalog = try LayoutCommand.catalog(flow)
            diagnostics = catalog.problems
            checked = catalog.files.count
        } else {
            diagnostics = files.flatMap { LayoutCatalog.loader.load(URL(fileURLWithPath: $0)).diagnostics }
            checked = files.count
        }
        for line in diagnostics.map(\.description) {
            StandardStreams.writeError(line + "\n")
        }
        let errors = diagnostics.errors.count
        let files = checked == 1 ? "1 layout file" : "\(checked) layout files"
        let summary =
            errors == 0
            ? "\(files) checked: no problems" : "\(files) checked: \(errors == 1 ? "1 error" : "\(errors) errors")"
        try StandardStreams.writeOutput(
            summary + (checked == 0 && errors == 0 ? " (the built-in layouts are in force)\n" : "\n"))
        if errors > 0 { throw ExitCode.failure }
    }
}

/// `entries layout show`: for each kind, the layout in force and where it comes from.
struct LayoutShowCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show which layout each scene kind uses and where it comes from."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    func execute() throws {
        let catalog = try LayoutCommand.catalog(flow)
        for kind in LayoutCatalog.kinds {
            let layout = catalog.layouts[kind.name]
            let origin = layout?.origin ?? "built-in"
            let outlets = kind.outlets.map(\.name).joined(separator: ", ")
            try StandardStreams.writeOutput("\(kind.name): \(TerminalText.visible(origin))\n  outlets: \(outlets)\n")
        }
        for line in catalog.problems.map(\.description) {
            StandardStreams.writeError(line + "\n")
        }
        if !catalog.problems.errors.isEmpty {
            StandardStreams.writeError(
                "(a layout with an error is not used: the app refuses to start until it is fixed)\n")
            throw ExitCode.failure
        }
    }
}
