import AppFactory
import AppShell
import ArgumentParser
import Foundation

/// `entries keys [--context NAME] [--json]`: the keys in force in every scene, and where each binding
/// came from (the built-in storyboard, a storyboard file, or the person's keys.yaml).
struct KeysCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List the key bindings of every scene and where each came from.",
        discussion: """
            Change single keys in $XDG_CONFIG_HOME/entries/keys.yaml (~/.config/entries/keys.yaml) \
            without copying a storyboard:
              Entries:
                scenes:
                  list: {l: showDetails}   # one scene's keys
                keys: {q: ~}               # storyboard-wide keys; ~ unbinds
            Whole storyboards in $XDG_CONFIG_HOME/entries/storyboards/ replace the built-in ones, as \
            --storyboards DIR does. Every binding is checked when the app starts (and by \
            `entries storyboard lint`), with file and line.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    @Option(help: ArgumentHelp("Only this context (Entries, Settings, Calendar or Trash).", valueName: "name"))
    var context: String?

    @Flag(help: "Print a JSON array of {context, scene, key, action, scope, source, from} instead of a table.")
    var json = false

    func execute() throws {
        let rows = try MainActor.assumeIsolated { try Self.rows(catalog: flow.catalog(), context: context) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try StandardStreams.writeOutput(String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n")
        } else {
            try StandardStreams.writeOutput(Self.table(rows))
        }
    }

    /// One binding in force in one scene.
    struct Row: Encodable {
        var context: String
        var scene: String
        var key: String
        var action: String
        /// `scene` (bound in the scene) or `storyboard` (storyboard-wide, not shadowed by the scene).
        var scope: String
        /// `built-in`, `storyboard file` or `keys.yaml`.
        var source: String
        /// `built-in`, or the file and line.
        var from: String
    }

    @MainActor
    private static func rows(catalog: StoryboardCatalog, context name: String?) throws -> [Row] {
        if !catalog.overrideProblems.isEmpty { throw StoryboardLoadError(diagnostics: catalog.allErrors()) }
        var contexts = catalog.contexts
        if let name {
            guard let chosen = catalog.context(named: name) else {
                throw UnknownContextError(message: catalog.unknownContextMessage(name))
            }
            contexts = [chosen]
        }
        var rows: [Row] = []
        for context in contexts {
            let storyboard = try StoryboardLoader(registry: context.registry, expectedName: context.name).load(
                context.source)
            func origin(_ binding: KeyBinding) -> (source: String, from: String) {
                if let file = binding.fileName { return ("keys.yaml", "\(file):\(binding.location.line)") }
                if case .file(let url) = context.source.base {
                    return ("storyboard file", "\(url.path):\(binding.location.line)")
                }
                return ("built-in", "built-in")
            }
            for scene in storyboard.scenes {
                let own = scene.bindings.map { ($0, "scene") }
                let wide = storyboard.globalBindings.filter { binding in
                    !scene.bindings.contains { $0.key == binding.key }
                }.map { ($0, "storyboard") }
                for (binding, scope) in own + wide {
                    let (source, from) = origin(binding)
                    rows.append(
                        Row(
                            context: context.name, scene: scene.identifier, key: binding.keyName,
                            action: binding.target,
                            scope: scope, source: source, from: from))
                }
            }
        }
        return rows
    }

    private static func table(_ rows: [Row]) -> String {
        let columns: [(Row) -> String] = [
            \.context, \.scene, { TerminalText.visible($0.key) }, { TerminalText.visible($0.action) },
            { $0.scope == "storyboard" ? "(storyboard-wide)" : "" },
        ]
        let widths = columns.map { column in rows.map { TerminalText.width(column($0)) }.max() ?? 0 }
        return rows.map { row in
            zip(columns, widths).map { column, width in
                let text = column(row)
                return text + String(repeating: " ", count: width - TerminalText.width(text) + 2)
            }.joined() + TerminalText.visible(row.from) + "\n"
        }.joined()
    }
}
