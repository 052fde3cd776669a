/// Draws storyboards as graphs: scenes as nodes (title, identifier and kind; the initial scene marked
/// by an arrow from a start point), segues as edges labelled with their keys, identifier and kind.
/// Push edges are solid, present edges thick, replace edges labelled, unwind edges dashed back to
/// where they return. Several storyboards become one graph with a group per storyboard.
public enum StoryboardGraph {
    /// Mermaid `flowchart LR`, for Markdown files and the Mermaid live editor.
    public static func mermaid(_ storyboards: [Storyboard]) -> String {
        var lines = ["flowchart LR"]
        for (index, storyboard) in storyboards.enumerated() {
            let graph = Layout(storyboard, prefix: "s\(index)", contextNodes: initialNodes(storyboards))
            lines.append("  subgraph \(graph.prefix)[\"\(mermaidText(storyboard.name))\"]")
            lines.append("    \(graph.prefix)_start((start))")
            for scene in storyboard.scenes {
                let label = graph.nodeLines(scene).map(mermaidText).joined(separator: "<br/>")
                lines.append("    \(graph.node(scene.identifier))[\"\(label)\"]")
            }
            if storyboard.scene(storyboard.initialSceneIdentifier) != nil {
                lines.append("    \(graph.prefix)_start --> \(graph.node(storyboard.initialSceneIdentifier))")
            }
            for edge in graph.edges {
                let label = "\"\(mermaidText(edge.label))\""
                let arrow: String
                switch edge.kind {
                case .push, .replace: arrow = "-- \(label) -->"
                case .present: arrow = "== \(label) ==>"
                case .unwind: arrow = "-. \(label) .->"
                }
                lines.append("    \(graph.node(edge.from)) \(arrow) \(graph.target(of: edge))")
            }
            lines.append("  end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Graphviz DOT (`dot -Tsvg`).
    public static func dot(_ storyboards: [Storyboard]) -> String {
        var lines = ["digraph storyboards {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
        for (index, storyboard) in storyboards.enumerated() {
            let graph = Layout(storyboard, prefix: "s\(index)", contextNodes: initialNodes(storyboards))
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\"\(dotText(storyboard.name))\";")
            lines.append("    \(graph.prefix)_start [shape=point, label=\"\"];")
            for scene in storyboard.scenes {
                let label = graph.nodeLines(scene).map(dotText).joined(separator: "\\n")
                lines.append("    \(graph.node(scene.identifier)) [label=\"\(label)\"];")
            }
            if storyboard.scene(storyboard.initialSceneIdentifier) != nil {
                lines.append("    \(graph.prefix)_start -> \(graph.node(storyboard.initialSceneIdentifier));")
            }
            for edge in graph.edges {
                var attributes = ["label=\"\(dotText(edge.label))\""]
                switch edge.kind {
                case .push: break
                case .present: attributes.append("style=bold")
                case .replace: attributes.append("arrowhead=diamond")
                case .unwind: attributes.append("style=dashed")
                }
                lines.append(
                    "    \(graph.node(edge.from)) -> \(graph.target(of: edge)) [\(attributes.joined(separator: ", "))];"
                )
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The node of each storyboard's initial scene, by storyboard name, and of each of its scenes by
    /// `Name.scene` (the first of a name wins).
    private static func initialNodes(_ storyboards: [Storyboard]) -> [String: String] {
        var nodes: [String: String] = [:]
        for (index, storyboard) in storyboards.enumerated() where nodes[storyboard.name] == nil {
            if let scene = storyboard.scenes.firstIndex(where: { $0.identifier == storyboard.initialSceneIdentifier }) {
                nodes[storyboard.name] = "s\(index)_n\(scene)"
            }
            // References to a named scene (`to: Settings.entries`) lead to that scene's node.
            for (scene, definition) in storyboard.scenes.enumerated()
            where nodes[storyboard.name + "." + definition.identifier] == nil {
                nodes[storyboard.name + "." + definition.identifier] = "s\(index)_n\(scene)"
            }
        }
        return nodes
    }

    /// Nodes and edges of one storyboard, with identifiers safe for both formats.
    private struct Layout {
        struct Edge {
            var from: String
            var to: String
            var kind: SegueKind
            var label: String
            /// True when `to` names another context (a storyboard reference), not a scene.
            var leadsIntoContext = false
        }

        let prefix: String
        let storyboard: Storyboard
        private var nodeIDs: [String: String] = [:]
        /// The node of each drawn storyboard's initial scene, by storyboard name: where references lead.
        private let contextNodes: [String: String]

        init(_ storyboard: Storyboard, prefix: String, contextNodes: [String: String] = [:]) {
            self.storyboard = storyboard
            self.prefix = prefix
            self.contextNodes = contextNodes
            for (index, scene) in storyboard.scenes.enumerated() { nodeIDs[scene.identifier] = "\(prefix)_n\(index)" }
        }

        /// Scene identifiers are free text; node identifiers are generated, unknown scenes get a safe one.
        func node(_ identifier: String) -> String {
            nodeIDs[identifier] ?? "\(prefix)_unknown_" + Self.safe(identifier)
        }

        /// Where an edge ends: a scene of this storyboard, or for a segue into another context that
        /// context's initial scene when the graph holds its storyboard (else a node named like it).
        func target(of edge: Edge) -> String {
            guard edge.leadsIntoContext else { return node(edge.to) }
            return contextNodes[edge.to] ?? "\(prefix)_context_" + Self.safe(edge.to)
        }

        /// Letters and digits as they are, anything else as its code point.
        static func safe(_ identifier: String) -> String {
            identifier.unicodeScalars.map {
                $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) ? String($0) : "_\($0.value)_"
            }.joined()
        }

        func nodeLines(_ scene: SceneDefinition) -> [String] {
            var lines = [scene.title, "\(scene.identifier) · \(scene.kind)"]
            let actions = scene.bindings.filter { storyboard.segue($0.target) == nil }
            if !actions.isEmpty {
                lines.append(actions.map { "\($0.key.name): \($0.target)" }.joined(separator: ", "))
            }
            return lines
        }

        var edges: [Edge] {
            var edges: [Edge] = []
            for segue in storyboard.segues {
                for source in segue.sources {
                    let keys =
                        storyboard.scene(source)?.bindings.filter { $0.target == segue.identifier }
                        .map(\.key.name) ?? []
                    let label =
                        (keys.isEmpty ? "" : keys.joined(separator: ", ") + " · ")
                        + "\(segue.identifier) (\(segue.kind.rawValue)"
                        + (segue.returns.map { ", returns \($0)" } ?? "") + ")"
                    for target in targets(of: segue, from: source) {
                        edges.append(
                            Edge(
                                from: source, to: target, kind: segue.kind, label: label,
                                leadsIntoContext: segue.destination.contextName != nil))
                    }
                }
            }
            return edges
        }

        /// Where a segue leads from `source`; for unwinds, the scenes it may return to.
        private func targets(of segue: SegueDefinition, from source: String) -> [String] {
            switch segue.destination {
            case .scene(let identifier): return [identifier]
            case .context(let name): return [name]
            case .root: return [storyboard.initialSceneIdentifier]
            case .previous:
                let previous = storyboard.segues.filter {
                    ($0.kind == .push || $0.kind == .present) && $0.destination == .scene(source)
                }.flatMap(\.sources)
                return Array(Set(previous)).sorted()
            }
        }
    }

    /// Text inside a quoted Mermaid label: quotes and angle brackets as entities, no control characters.
    static func mermaidText(_ text: String) -> String {
        printable(text).replacingOccurrences(of: "&", with: "#amp;").replacingOccurrences(of: "\"", with: "#quot;")
            .replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
    }

    /// Text inside a quoted DOT string.
    static func dotText(_ text: String) -> String {
        printable(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// Control characters (an escape sequence in a title) become spaces: they are data, not markup.
    private static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? " " : $0
                }))
    }
}
