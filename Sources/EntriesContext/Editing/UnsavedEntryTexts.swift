/// Texts the user wrote in the editor that could not be saved (they did not parse, or the database
/// refused the write), kept for the session so that editing the same entry again starts from them.
@MainActor
final class UnsavedEntryTexts {
    /// What a text was for: a new entry, or the entry with this id.
    enum Target: Hashable {
        case newEntry
        case entry(Int64)
    }

    private var texts: [Target: String] = [:]

    subscript(target: Target) -> String? {
        get { texts[target] }
        set { texts[target] = newValue }
    }
}
