import Yams

/// Reads the storyboard schema (FORMAT.md) out of a node tree into a `Storyboard`, reporting every
/// shape problem: wrong types, unknown fields, missing fields, duplicates, unknown key names, keys
/// bound twice. Cross references (does that scene exist?) are the validator's job.
struct StoryboardParser {
    /// Scene identifier reserved for `unwind` segues (`to: root`).
    static let rootTarget = "root"

    private var reader: NodeReader
    private let fileName: String

    init(fileName: String, duplicates: [SourceLocation: StoryboardYAMLReader.DuplicateKey]) {
        self.fileName = fileName
        self.reader = NodeReader(fileName: fileName, duplicates: duplicates)
    }

    var diagnostics: [StoryboardDiagnostic] { reader.diagnostics }
    /// Scenes declared but too broken to keep: the validator does not call them unknown.
    private(set) var incompleteScenes: Set<String> = []
    /// Segues declared but too broken to keep.
    private(set) var incompleteSegues: Set<String> = []
    /// Every scene identifier the file declares (kept or not): a `to:` naming one is a scene, never a context.
    private var sceneIdentifiers: Set<String> = []

    /// The storyboard as far as it could be read (missing parts are empty), or nil when the root is
    /// not a mapping at all.
    mutating func parse(_ root: Node?) -> Storyboard? {
        guard let root else {
            reader.error(.file, "the file is empty; a storyboard needs `storyboard:`, `initial:` and `scenes:`")
            return nil
        }
        let what = "the storyboard"
        guard
            let fields = reader.fields(
                of: root, named: what,
                allowed: ["storyboard", "initial", "scenes", "segues", "keys"])
        else { return nil }
        let start = NodeReader.location(of: root)
        let nameEntry = require(fields["storyboard"], "storyboard", in: what, at: start)
        let name = nameEntry.flatMap { reader.text($0, field: "storyboard", in: what) } ?? ""
        let initialEntry = require(fields["initial"], "initial", in: what, at: start)
        let initial =
            initialEntry.flatMap {
                reader.name($0.value, field: "initial", in: what, fallback: $0.keyLocation)
            } ?? ""
        var scenes: [SceneDefinition] = []
        if let entry = require(fields["scenes"], "scenes", in: what, at: start) { scenes = parseScenes(entry) }
        sceneIdentifiers = Set(scenes.map(\.identifier)).union(incompleteScenes)
        var segues: [SegueDefinition] = []
        if let entry = fields["segues"] { segues = parseSegues(entry) }
        let globalBindings = fields["keys"].map { parseBindings($0.value, in: "the storyboard's `keys`") } ?? []
        return Storyboard(
            name: name, fileName: fileName, initialSceneIdentifier: initial, scenes: scenes, segues: segues,
            globalBindings: globalBindings,
            initialLocation: initialEntry.map { NodeReader.location(of: $0.value, fallback: $0.keyLocation) } ?? start,
            nameLocation: nameEntry.map { NodeReader.location(of: $0.value, fallback: $0.keyLocation) } ?? start,
            seguesLocation: fields["segues"]?.keyLocation ?? start)
    }

    private mutating func require(
        _ entry: NodeReader.Entry?, _ field: String, in what: String, at location: SourceLocation
    ) -> NodeReader.Entry? {
        if entry == nil { reader.error(location, "\(what) has no `\(field):` field") }
        return entry
    }

    // MARK: Scenes

    private mutating func parseScenes(_ entry: NodeReader.Entry) -> [SceneDefinition] {
        let entries = reader.entries(
            of: entry.value, expecting: "`scenes` to be a mapping of scene identifiers to scenes",
            duplicateMessage: { name, line in "duplicate scene `\(name)` (first declared on line \(line))" })
        return (entries ?? []).compactMap { entry in
            let scene = parseScene(entry)
            if scene == nil { incompleteScenes.insert(entry.key) }
            return scene
        }
    }

    private mutating func parseScene(_ entry: NodeReader.Entry) -> SceneDefinition? {
        let identifier = entry.key
        let what = "scene `\(identifier)`"
        if identifier == Self.rootTarget {
            reader.error(
                entry.keyLocation,
                "`\(Self.rootTarget)` is reserved for `unwind` segues (`to: root`); "
                    + "give the scene another identifier")
        }
        guard let fields = reader.fields(of: entry.value, named: what, allowed: ["kind", "title", "help", "keys"])
        else { return nil }
        let kindEntry = require(fields["kind"], "kind", in: what, at: entry.keyLocation)
        let kind = kindEntry.flatMap { reader.name($0.value, field: "kind", in: what, fallback: $0.keyLocation) }
        let title = reader.text(
            require(fields["title"], "title", in: what, at: entry.keyLocation),
            field: "title", in: what)
        let help = reader.text(fields["help"], field: "help", in: what)
        let bindings = fields["keys"].map { parseBindings($0.value, in: what) } ?? []
        guard let kind, let kindEntry else { return nil }
        return SceneDefinition(
            identifier: identifier, kind: kind, title: title ?? identifier, help: help, bindings: bindings,
            location: entry.keyLocation,
            kindLocation: NodeReader.location(of: kindEntry.value, fallback: kindEntry.keyLocation))
    }

    // MARK: Key bindings

    private mutating func parseBindings(_ node: Node, in what: String) -> [KeyBinding] {
        let entries = reader.entries(
            of: node, expecting: "`keys` of \(what) to be a mapping of key names to segues or actions",
            duplicateMessage: { name, line in "key `\(name)` is bound twice in \(what) (first on line \(line))" })
        var bindings: [KeyBinding] = []
        for entry in entries ?? [] {
            let key: Key
            do {
                key = try Key(name: entry.key)
            } catch {
                reader.error(entry.keyLocation, "\(error) (in \(what))")
                continue
            }
            if let earlier = bindings.first(where: { $0.key == key }) {
                reader.error(
                    entry.keyLocation,
                    "key `\(entry.key)` is bound twice in \(what): it is the same key "
                        + "as `\(earlier.keyName)` on line \(earlier.location.line)")
                continue
            }
            guard
                let target = reader.name(
                    entry.value, field: entry.key, in: "the keys of \(what)",
                    fallback: entry.keyLocation)
            else { continue }
            bindings.append(KeyBinding(key: key, keyName: entry.key, target: target, location: entry.keyLocation))
        }
        return bindings
    }

    // MARK: Segues

    private mutating func parseSegues(_ entry: NodeReader.Entry) -> [SegueDefinition] {
        let entries = reader.entries(
            of: entry.value, expecting: "`segues` to be a mapping of segue identifiers to segues",
            duplicateMessage: { name, line in "duplicate segue `\(name)` (first declared on line \(line))" })
        return (entries ?? []).compactMap { entry in
            let segue = parseSegue(entry)
            if segue == nil { incompleteSegues.insert(entry.key) }
            return segue
        }
    }

    private mutating func parseSegue(_ entry: NodeReader.Entry) -> SegueDefinition? {
        let what = "segue `\(entry.key)`"
        guard
            let fields = reader.fields(
                of: entry.value, named: what, allowed: ["from", "to", "kind", "help", "returns"])
        else { return nil }
        var sources: [(name: String, location: SourceLocation)]?
        if let from = require(fields["from"], "from", in: what, at: entry.keyLocation) {
            sources = parseSources(from, in: what)
        }
        let kindEntry = require(fields["kind"], "kind", in: what, at: entry.keyLocation)
        let kind = kindEntry.flatMap { parseKind($0, in: what) }
        let help = reader.text(fields["help"], field: "help", in: what)
        let returnsEntry = fields["returns"]
        let returns = returnsEntry.flatMap {
            reader.name($0.value, field: "returns", in: what, fallback: $0.keyLocation)
        }
        let destinationEntry = fields["to"]
        let destinationName = destinationEntry.flatMap {
            reader.name($0.value, field: "to", in: what, fallback: $0.keyLocation)
        }
        guard let kind, let sources, !sources.isEmpty else { return nil }
        let destination: SegueDestination
        switch (kind, destinationName) {
        case (.unwind, nil): destination = .previous
        case (.unwind, Self.rootTarget?): destination = .root
        case (.unwind, let name?): destination = .scene(name)
        case (_, let name?) where Self.namesContext(name, scenes: sceneIdentifiers): destination = .context(name)
        case (_, let name?): destination = .scene(name)
        case (_, nil):
            if destinationEntry == nil {
                reader.error(
                    entry.keyLocation, "\(what) has no `to:` field; a \(kind.rawValue) segue needs a destination")
            }
            return nil
        }
        return SegueDefinition(
            identifier: entry.key, sources: sources.map(\.name), kind: kind, destination: destination, help: help,
            returns: returns, location: entry.keyLocation, sourceLocations: sources.map(\.location),
            destinationLocation: destinationEntry.map { NodeReader.location(of: $0.value, fallback: $0.keyLocation) }
                ?? entry.keyLocation,
            returnsLocation: returnsEntry.map { NodeReader.location(of: $0.value, fallback: $0.keyLocation) })
    }

    /// A forward `to:` naming no scene of this file and written as a context's name (a capital first
    /// letter: `Calendar`, as in `storyboard: Calendar`) leads into that context: a storyboard reference.
    /// Scene identifiers are the file's own, so a scene of that name always wins.
    static func namesContext(_ name: String, scenes: Set<String>) -> Bool {
        guard !scenes.contains(name), let first = name.unicodeScalars.first else { return false }
        return ("A"..."Z").contains(first)
    }

    private mutating func parseSources(
        _ entry: NodeReader.Entry, in what: String
    ) -> [(name: String, location: SourceLocation)]? {
        let nodes: [Node]
        if case .sequence(let sequence) = entry.value {
            nodes = Array(sequence)
            if nodes.isEmpty {
                reader.error(NodeReader.location(of: entry.value), "`from` of \(what) is an empty list")
            }
        } else {
            nodes = [entry.value]
        }
        let sources = nodes.compactMap { node in
            reader.name(node, field: "from", in: what, fallback: entry.keyLocation)
                .map { (name: $0, location: NodeReader.location(of: node, fallback: entry.keyLocation)) }
        }
        return sources.count == nodes.count ? sources : nil
    }

    private mutating func parseKind(_ entry: NodeReader.Entry, in what: String) -> SegueKind? {
        guard let name = reader.name(entry.value, field: "kind", in: what, fallback: entry.keyLocation) else {
            return nil
        }
        if let kind = SegueKind(rawValue: name) { return kind }
        let kinds = SegueKind.allCases.map(\.rawValue)
        let hint =
            Suggestion.closest(to: name, among: kinds).map { "did you mean `\($0)`?" }
            ?? "expected one of: \(kinds.joined(separator: ", "))"
        reader.error(NodeReader.location(of: entry.value), "\(what) has unknown kind `\(name)`; \(hint)")
        return nil
    }
}
