/// The check of references *across* storyboards: a segue into a named scene of another context
/// (`to: Settings.entries`) must name a scene that context's storyboard has, and one that can be
/// shown without a value (nothing hands a value across contexts). Each storyboard's own check
/// (`StoryboardValidator`) cannot see the others; the app runs this on all of them at start, and
/// `entries storyboard lint` on the files it lints.
///
/// Nothing here follows a reference further than one step, so references that lead in a circle
/// (Settings → Trash → Settings) are checked in one pass like any other; at run time a context
/// already up is not presented again.
public enum StoryboardReferences {
    /// Every problem of a named-scene reference among `storyboards`, each at the `to:` that wrote it.
    /// A reference into a context none of `storyboards` is of is left to the storyboard's own check.
    public static func diagnose(
        _ storyboards: [Storyboard], registries: [String: StoryboardRegistry]
    ) -> [StoryboardDiagnostic] {
        var byName: [String: Storyboard] = [:]
        for storyboard in storyboards where byName[storyboard.name] == nil { byName[storyboard.name] = storyboard }
        var diagnostics: [StoryboardDiagnostic] = []
        for storyboard in storyboards {
            for segue in storyboard.segues {
                guard let written = segue.destination.contextName else { continue }
                let reference = ContextReference(written)
                guard let scene = reference.scene, !scene.isEmpty, !scene.contains("."),
                    let target = byName[reference.context], reference.context != storyboard.name
                else { continue }
                let location = segue.destinationLocation
                func report(_ message: String) {
                    diagnostics.append(
                        StoryboardDiagnostic(
                            .error, fileName: storyboard.fileName, line: location.line, column: location.column,
                            message: message))
                }
                let name = "segue `\(segue.identifier)` goes to `\(written)`"
                guard let definition = target.scene(scene) else {
                    let known = target.scenes.map { "`\($0.identifier)`" }.joined(separator: ", ")
                    let hint =
                        Suggestion.closest(to: scene, among: target.scenes.map(\.identifier))
                        .map { "; did you mean `\(reference.context).\($0)`?" } ?? ""
                    report(
                        "\(name), but the \(reference.context) storyboard has no scene `\(scene)` (its scenes: "
                            + "\(known.isEmpty ? "none" : known))\(hint)")
                    continue
                }
                if let needs = registries[reference.context]?.kind(named: definition.kind)?.needs {
                    report(
                        "\(name), whose kind `\(definition.kind)` needs \(needs), which no segue hands across "
                            + "contexts; lead to a scene that needs nothing (such as `\(reference.context)`, its initial scene)"
                    )
                }
            }
        }
        return diagnostics
    }
}
