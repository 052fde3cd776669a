import Foundation

/// Single key bindings changed over the storyboards, without copying them: a person's `keys.yaml`.
/// Each change binds a key to a segue or an action, or unbinds it, in one scene or storyboard-wide.
///
/// ```yaml
/// Entries:                    # the context, as its storyboard is named
///   scenes:
///     list: {l: showDetails}  # one scene's keys
///   keys: {q: ~}              # storyboard-wide keys; ~ unbinds
/// ```
/// The changes are applied to the parsed storyboard before it is validated (``StoryboardSource/overlaid(_:keys:)``),
/// so a binding to an unknown action is found at load, reported at its line of keys.yaml.
public struct KeyOverlay: Hashable, Sendable {
    /// One binding changed.
    public struct Change: Hashable, Sendable {
        /// The storyboard (context) it changes.
        public var storyboard: String
        /// The scene, or nil for the storyboard-wide keys.
        public var scene: String?
        /// The key the change binds or unbinds.
        public var key: Key
        /// The key's name as written.
        public var keyName: String
        /// The segue or action, or nil to unbind the key.
        public var target: String?
        /// Where the key was written in the overlay file, where problems with the change are reported.
        public var location: SourceLocation
        /// Where the scene (or the context, for storyboard-wide keys) was named.
        public var placeLocation: SourceLocation
        /// Where the context was named.
        public var contextLocation: SourceLocation
    }

    /// The file the changes came from, as named in messages.
    public var fileName: String
    /// The changes for every storyboard; ``apply(to:)`` applies those of one.
    public var changes: [Change]

    /// Creates an overlay read from `fileName` with `changes` (none: an overlay that changes nothing).
    public init(fileName: String, changes: [Change] = []) {
        self.fileName = fileName
        self.changes = changes
    }

    /// `storyboard` with this overlay's changes for it, and the problems of those changes (an unknown
    /// scene, unbinding a key that is not bound), reported at their lines in ``fileName``.
    public func apply(to storyboard: Storyboard) -> (storyboard: Storyboard, diagnostics: [StoryboardDiagnostic]) {
        var result = storyboard
        var diagnostics: [StoryboardDiagnostic] = []
        func error(_ location: SourceLocation, _ message: String) {
            diagnostics.append(
                StoryboardDiagnostic(
                    .error, fileName: fileName, line: location.line, column: location.column, message: message))
        }
        for change in changes where change.storyboard == storyboard.name {
            let binding = change.target.map {
                KeyBinding(
                    key: change.key, keyName: change.keyName, target: $0, location: change.location, fileName: fileName)
            }
            guard let sceneIdentifier = change.scene else {
                let removed = result.globalBindings.contains { $0.key == change.key }
                result.globalBindings.removeAll { $0.key == change.key }
                if let binding {
                    result.globalBindings.append(binding)
                } else if !removed {
                    error(
                        change.location,
                        "`\(change.keyName)` is not bound storyboard-wide in \(storyboard.name); there is nothing to unbind"
                    )
                }
                continue
            }
            guard let index = result.scenes.firstIndex(where: { $0.identifier == sceneIdentifier }) else {
                let hint =
                    Suggestion.closest(to: sceneIdentifier, among: storyboard.scenes.map(\.identifier))
                    .map { "did you mean `\($0)`?" }
                    ?? "its scenes are \(storyboard.scenes.map(\.identifier).joined(separator: ", "))"
                error(change.placeLocation, "\(storyboard.name) has no scene `\(sceneIdentifier)`; \(hint)")
                continue
            }
            let removed = result.scenes[index].bindings.contains { $0.key == change.key }
            result.scenes[index].bindings.removeAll { $0.key == change.key }
            if let binding {
                result.scenes[index].bindings.append(binding)
            } else if !removed {
                let global = storyboard.globalBindings.contains { $0.key == change.key }
                error(
                    change.location,
                    "`\(change.keyName)` is not bound in scene `\(sceneIdentifier)`"
                        + (global ? "; it is bound storyboard-wide: unbind it under `keys:` of \(storyboard.name)" : "")
                )
            }
        }
        return (result, diagnostics)
    }

    /// Changes for storyboards that are none of `contexts`: a misspelt context name, or a former one
    /// (`Journal:`, in `renamed`), which says the name to write now.
    public func problems(contexts: [String], renamed: RenamedContexts = RenamedContexts()) -> [StoryboardDiagnostic] {
        var reported: Set<String> = []
        return changes.compactMap { change in
            guard !contexts.contains(change.storyboard), reported.insert(change.storyboard).inserted else { return nil }
            let message: String
            if let renamed = renamed.renamed(change.storyboard) {
                message =
                    "the context `\(renamed.former)` is now named `\(renamed.current)`; write `\(renamed.current):` "
                    + "instead of `\(change.storyboard):`"
            } else {
                let hint =
                    Suggestion.closest(to: change.storyboard, among: contexts).map { "did you mean `\($0)`?" }
                    ?? "the contexts are \(contexts.joined(separator: ", "))"
                message = "no context `\(change.storyboard)`; \(hint)"
            }
            return StoryboardDiagnostic(
                .error, fileName: fileName, line: change.contextLocation.line,
                column: change.contextLocation.column, message: message)
        }
    }
}
