import EntryModel

/// What a scene showing one entry has of it: the entry, or why it has none.
enum EntryLoadState {
    case loaded(Entry)
    /// No entry has this id (any more).
    case missing
    /// Reading failed; the message says why.
    case failed(String)

    /// Reads the entry with this id.
    static func load(id: Int64, from repository: any EntryRepository) -> EntryLoadState {
        do {
            return try repository.entry(id: id).map(EntryLoadState.loaded) ?? .missing
        } catch {
            return .failed("Could not read the entry: \(error)")
        }
    }

    var entry: Entry? {
        if case .loaded(let entry) = self { return entry }
        return nil
    }

    /// What to show instead of the entry.
    var problem: String? {
        switch self {
        case .loaded: return nil
        case .missing: return "This entry no longer exists."
        case .failed(let message): return message
        }
    }
}
