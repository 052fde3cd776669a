import EntryModel

/// What the Memories context needs from outside: the moves that leave it. The app that composes the
/// context (its App Controller) conforms; the context never learns which other contexts exist.
@MainActor
public protocol MemoriesFlow: AnyObject {
    /// Takes the Memories away, back to where the user was.
    func hideMemories()
    /// Hides the Memories and shows `entry` wherever the app shows entries.
    func showEntry(_ entry: EntrySummary)
    /// Shows a short message in the app's status line ("nothing selected").
    func showMessage(_ message: String)
}
