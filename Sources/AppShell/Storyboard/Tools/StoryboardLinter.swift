import Foundation

/// Lints storyboard files against the registries of their contexts: the library side of a
/// `lint-storyboards` command. Each file is matched to a registry by the name it declares
/// (`storyboard: Entries`); a file without a matching registry has its structure checked only,
/// with a warning saying so.
public struct StoryboardLinter {
    /// Registries by storyboard name.
    public var registries: [String: StoryboardRegistry]

    public init(registries: [String: StoryboardRegistry]) {
        self.registries = registries
    }

    /// Every diagnostic of every source, in the order of the sources.
    public func lint(_ sources: [StoryboardSource]) -> StoryboardLintReport {
        var diagnostics: [StoryboardDiagnostic] = []
        var storyboards: [Storyboard] = []
        for source in sources {
            let structure = StoryboardLoader(registry: nil).diagnose(source)
            guard let name = structure.storyboard?.name, !name.isEmpty else {
                diagnostics += structure.diagnostics
                continue
            }
            let fileBaseName = (source.fileName as NSString).deletingPathExtension
            guard let registry = registries[name] ?? registries[fileBaseName] else {
                diagnostics += structure.diagnostics
                let known = registries.keys.sorted().joined(separator: ", ")
                diagnostics.append(StoryboardDiagnostic(.warning, fileName: source.fileName, line: 1, column: 1, message:
                    "no context registers storyboard `\(name)` (known: \(known.isEmpty ? "none" : known)); "
                    + "only its structure was checked"))
                structure.storyboard.map { storyboards.append($0) }
                continue
            }
            let result = StoryboardLoader(registry: registry).diagnose(source)
            diagnostics += result.diagnostics
            result.storyboard.map { storyboards.append($0) }
        }
        return StoryboardLintReport(diagnostics: diagnostics, storyboards: storyboards)
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
    public var diagnostics: [StoryboardDiagnostic]
    /// The storyboards that could be read (for graphs), even with errors.
    public var storyboards: [Storyboard]

    public var errorCount: Int { diagnostics.errors.count }
    public var warningCount: Int { diagnostics.warnings.count }

    /// One line per diagnostic (`file:line:column: severity: message`), then a summary line.
    public var lines: [String] {
        diagnostics.map(\.description) + [summary]
    }

    /// "2 errors, 1 warning in 3 storyboards".
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        return "\(count(errorCount, "error")), \(count(warningCount, "warning")) in \(count(storyboards.count, "storyboard"))"
    }
}
