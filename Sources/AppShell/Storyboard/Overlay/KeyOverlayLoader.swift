import Foundation
import Yams

/// Reads a keys.yaml (see ``KeyOverlay``) with the storyboards' own YAML reader: the same limits on
/// hostile input, and every problem reported with its line.
public enum KeyOverlayLoader {
    /// The overlay in the file at `path`: nil when there is no file, else the changes that could be read
    /// (so that their own problems are found too) and every problem.
    public static func load(path: String) -> (overlay: KeyOverlay?, diagnostics: [StoryboardDiagnostic]) {
        guard FileManager.default.fileExists(atPath: path) else { return (nil, []) }
        switch StoryboardSource.file(URL(fileURLWithPath: path)).read() {
        case .failure(var diagnostic):
            diagnostic.fileName = path
            return (nil, [diagnostic])
        case .success(let text):
            return parse(text, fileName: path)
        }
    }

    /// The overlay written in `text`, naming the file `fileName` in messages.
    public static func parse(
        _ text: String, fileName: String
    ) -> (overlay: KeyOverlay?, diagnostics: [StoryboardDiagnostic]) {
        let yaml = StoryboardYAMLReader(fileName: fileName).read(text)
        guard yaml.diagnostics.isEmpty else { return (nil, yaml.diagnostics) }
        var reader = NodeReader(fileName: fileName, duplicates: yaml.duplicates)
        var changes: [KeyOverlay.Change] = []
        if let root = yaml.root, NodeReader.tagName(root) != .null {
            let contexts = reader.entries(
                of: root, expecting: "a mapping of contexts (Entries, Settings) to their keys",
                duplicateMessage: { name, line in "context `\(name)` appears twice (first on line \(line))" })
            for context in contexts ?? [] {
                changes += readContext(context, reader: &reader)
            }
        }
        let diagnostics = reader.diagnostics.sortedByLocation()
        return (KeyOverlay(fileName: fileName, changes: changes), diagnostics)
    }

    private static func readContext(_ context: NodeReader.Entry, reader: inout NodeReader) -> [KeyOverlay.Change] {
        let what = "context `\(context.key)`"
        guard let fields = reader.fields(of: context.value, named: what, allowed: ["scenes", "keys"]) else { return [] }
        var changes: [KeyOverlay.Change] = []
        if let scenes = fields["scenes"] {
            let entries = reader.entries(
                of: scenes.value, expecting: "`scenes` of \(what) to be a mapping of scenes to their keys",
                duplicateMessage: { name, line in "scene `\(name)` appears twice (first on line \(line))" })
            for scene in entries ?? [] {
                changes += readKeys(
                    scene.value, storyboard: context.key, scene: scene.key, placeLocation: scene.keyLocation,
                    contextLocation: context.keyLocation, what: "scene `\(scene.key)` of \(context.key)",
                    reader: &reader)
            }
        }
        if let keys = fields["keys"] {
            changes += readKeys(
                keys.value, storyboard: context.key, scene: nil, placeLocation: context.keyLocation,
                contextLocation: context.keyLocation, what: "the storyboard-wide keys of \(context.key)",
                reader: &reader)
        }
        return changes
    }

    private static func readKeys(
        _ node: Node, storyboard: String, scene: String?, placeLocation: SourceLocation,
        contextLocation: SourceLocation,
        what: String, reader: inout NodeReader
    ) -> [KeyOverlay.Change] {
        let entries = reader.entries(
            of: node, expecting: "the keys of \(what) to be a mapping of key names to segues or actions (~ unbinds)",
            duplicateMessage: { name, line in "key `\(name)` is bound twice in \(what) (first on line \(line))" })
        var changes: [KeyOverlay.Change] = []
        for entry in entries ?? [] {
            let key: Key
            do {
                key = try Key(name: entry.key)
            } catch {
                let names = [
                    "enter", "esc", "tab", "backspace", "space", "up", "down", "left", "right", "home", "end", "pgup",
                    "pgdn", "delete",
                ]
                if let closest = Suggestion.closest(to: entry.key, among: names) {
                    reader.error(
                        entry.keyLocation, "unknown key name `\(entry.key)` in \(what); did you mean `\(closest)`?")
                } else {
                    reader.error(entry.keyLocation, "\(error) (in \(what))")
                }
                continue
            }
            if let earlier = changes.first(where: { $0.key == key }) {
                reader.error(
                    entry.keyLocation,
                    "key `\(entry.key)` collides with `\(earlier.keyName)` at "
                        + "\(earlier.location.line):\(earlier.location.column) (the same key) in \(what); keep one")
                continue
            }
            var target: String?
            if NodeReader.tagName(entry.value) != .null {
                guard
                    let name = reader.name(
                        entry.value, field: entry.key, in: "the keys of \(what)", fallback: entry.keyLocation)
                else { continue }
                target = name
            }
            changes.append(
                KeyOverlay.Change(
                    storyboard: storyboard, scene: scene, key: key, keyName: entry.key, target: target,
                    location: entry.keyLocation, placeLocation: placeLocation, contextLocation: contextLocation))
        }
        return changes
    }
}
