/// A segue's destination in another context, as written after `to:`: the context's name, which
/// leads to its initial scene (`Calendar`), or the context's name, a dot and one of its scenes
/// (`Settings.entries`), like a UIKit storyboard reference with a scene identifier.
///
/// Any text splits without failing (a reference is written by whoever wrote the storyboard): the
/// checks say what is wrong with it (`StoryboardValidator`, ``StoryboardReferences``).
public struct ContextReference: Hashable, Sendable {
    /// The context's name: its storyboard's name.
    public let context: String
    /// The scene of that context, when the reference names one (after the first dot); may be empty
    /// or hold another dot in a reference written wrong, which the checks refuse.
    public let scene: String?

    /// Splits a reference as written after `to:` at its first dot into a context and a scene; text without a dot names
    /// only a context.
    public init(_ written: String) {
        if let dot = written.firstIndex(of: ".") {
            context = String(written[..<dot])
            scene = String(written[written.index(after: dot)...])
        } else {
            context = written
            scene = nil
        }
    }
}
