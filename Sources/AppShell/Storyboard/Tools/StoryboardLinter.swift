import Foundation

/// Lints storyboard files against the registries of their contexts: the library side of
/// `entries storyboard lint`. Each file is matched to a registry by its file name, as the app finds
/// its storyboards, and must declare that name (`storyboard: Entries` in `Entries.storyboard`).
public struct StoryboardLinter {
    /// Registries by storyboard name.
    public var registries: [String: StoryboardRegistry]

    /// The contexts a segue may lead into (`to: Calendar`); by default those the registries are of.
    /// nil checks no reference's name (a context linted alone, without the app it is part of).
    public var contexts: [String]?

    /// The other storyboards of the app, which references among the linted files are checked against
    /// (`to: Settings.entries` in a lone Calendar.storyboard needs Settings' scenes); their own
    /// problems are not reported. Those of a context linted too are left out.
    public var referencedStoryboards: [StoryboardSource] = []

    /// Whether a file of a context no registry is for (another package's: its scene kinds and actions
    /// are Swift code this linter does not have) is checked for everything but those, rather than
    /// refused: its YAML, scenes, segues and their destinations, keys, the scenes no segue reaches, and
    /// its references (into the registries' contexts and the other linted files'). Off by default,
    /// so that a mistyped file name among an app's storyboards is an error.
    public var checksOtherContextsByStructure = false

    /// The former names of the registries' contexts (`Journal`, now `Calendar`), refused with the name now.
    var renamedContexts: RenamedContexts { RenamedContexts(registries: registries) }

    /// Creates a linter for `registries`; every registered context is a valid segue destination.
    public init(registries: [String: StoryboardRegistry]) {
        self.registries = registries
        self.contexts = registries.keys.sorted()
    }

    /// Every diagnostic of every source, in the order of the sources.
    ///
    /// A file is checked against the context its file name names (`Entries.storyboard` → `Entries`,
    /// the way the app finds overrides), and must declare that name; a file whose name is no context's
    /// is an error (the app would never read it), checked against the context it declares if any.
    public func lint(_ sources: [StoryboardSource]) -> StoryboardLintReport {
        var diagnostics: [StoryboardDiagnostic] = []
        var storyboards: [Storyboard] = []
        // Another package's contexts linted together may lead into each other (`to: Memories`).
        let otherContexts =
            checksOtherContextsByStructure
            ? sources.compactMap { StoryboardLoader(registry: nil).diagnose($0).storyboard?.name }
                .filter { !$0.isEmpty && registries[$0] == nil } : []
        let contexts = self.contexts.map { known in known + otherContexts.filter { !known.contains($0) } }
        for source in sources {
            let structure = StoryboardLoader(registry: nil).diagnose(source)
            guard let storyboard = structure.storyboard, !storyboard.name.isEmpty else {
                diagnostics += structure.diagnostics
                continue
            }
            let fileBaseName = (source.fileName as NSString).deletingPathExtension
            if let registry = registries[fileBaseName] {
                let result = StoryboardLoader(
                    registry: registry, expectedName: fileBaseName, contexts: contexts, renamedContexts: renamedContexts
                ).diagnose(source)
                diagnostics += result.diagnostics
                result.storyboard.map { storyboards.append($0) }
                continue
            }
            if checksOtherContextsByStructure, registries[storyboard.name] == nil,
                renamedContexts.renamed(storyboard.name) == nil, registries[fileBaseName] == nil
            {
                let result = StoryboardLoader(
                    registry: nil, expectedName: fileBaseName, contexts: contexts, renamedContexts: renamedContexts
                ).diagnose(source)
                diagnostics += result.diagnostics
                result.storyboard.map { storyboards.append($0) }
                continue
            }
            let result =
                registries[storyboard.name].map {
                    StoryboardLoader(registry: $0, contexts: contexts, renamedContexts: renamedContexts).diagnose(
                        source)
                }
                ?? structure
            diagnostics += (result.diagnostics + [unknownFileName(storyboard, fileBaseName: fileBaseName)])
                .sortedByLocation()
            result.storyboard.map { storyboards.append($0) }
        }
        // References to named scenes of other contexts, among the storyboards linted together and
        // the app's others; reported for the linted files only.
        let linted = Set(storyboards.map(\.name))
        let others = referencedStoryboards.compactMap { StoryboardLoader(registry: nil).diagnose($0).storyboard }
            .filter { !linted.contains($0.name) }
        let lintedFiles = Set(storyboards.map(\.fileName))
        diagnostics += StoryboardReferences.diagnose(storyboards + others, registries: registries)
            .filter { lintedFiles.contains($0.fileName) }
        return StoryboardLintReport(diagnostics: diagnostics, storyboards: storyboards)
    }

    /// The error for a file whose name is not a context's: the app reads `<Context>.storyboard` only.
    private func unknownFileName(_ storyboard: Storyboard, fileBaseName: String) -> StoryboardDiagnostic {
        let known = registries.keys.sorted()
        let location = storyboard.nameLocation
        let message: String
        if let renamed = renamedContexts.renamed(storyboard.name) ?? renamedContexts.renamed(fileBaseName) {
            message =
                "the context `\(renamed.former)` is now named `\(renamed.current)`: the app reads its storyboard only "
                + "from `\(renamed.current).storyboard`, which declares `storyboard: \(renamed.current)`"
        } else if registries[storyboard.name] != nil {
            message =
                "the file declares storyboard `\(storyboard.name)` but is named `\(storyboard.fileName)`; the app "
                + "reads the `\(storyboard.name)` context's storyboard only from `\(storyboard.name).storyboard`"
        } else {
            let hint = Suggestion.closest(to: storyboard.name, among: known).map { "did you mean `\($0)`? " } ?? ""
            message =
                "no context is named `\(storyboard.name)` (\(hint)known: "
                + "\(known.isEmpty ? "none" : known.joined(separator: ", "))); the app reads `<Context>.storyboard` "
                + "files only, so only this file's structure was checked"
        }
        return StoryboardDiagnostic(
            .error, fileName: storyboard.fileName, line: location.line, column: location.column, message: message)
    }

    /// The `.storyboard` files of a directory, sorted by name (for `lint DIR`).
    public static func sources(inDirectory directory: URL) throws -> [StoryboardSource] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "storyboard" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { .file($0) }
    }
}

/// What linting found.
public struct StoryboardLintReport: Hashable, Sendable {
    /// Every diagnostic of every file, in the order of the files.
    public var diagnostics: [StoryboardDiagnostic]
    /// The storyboards that could be read (for graphs), even with errors.
    public var storyboards: [Storyboard]

    /// How many diagnostics are errors; `entries storyboard lint` fails when it is above 0.
    public var errorCount: Int { diagnostics.errors.count }
    /// How many diagnostics are warnings.
    public var warningCount: Int { diagnostics.warnings.count }

    /// One line per diagnostic (`file:line:column: severity: message`), then a summary line.
    public var lines: [String] {
        diagnostics.map(\.description) + [summary]
    }

    /// "2 errors, 1 warning in 3 storyboards".
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        return
            "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(storyboards.count, "storyboard"))"
    }
}
