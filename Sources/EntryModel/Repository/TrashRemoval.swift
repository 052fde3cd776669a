/// A store that can take one entry out of its trash for good (the Trash's "delete for good"). Kept
/// apart from ``EntryRepository``, as ``EntryRemoval`` is, so that a repository written elsewhere
/// still conforms to that one as it is; a context asks for it and says so when a store has none.
public protocol TrashRemoval: Sendable {
    /// Removes the trashed entry `id` for good, in one statement. An id that is not in the trash
    /// (never was, or was restored or emptied meanwhile) is ``EntryStoreError/notInTrash(id:)`` and
    /// nothing is removed: a restored entry is never taken this way.
    func removeFromTrash(id: Int64) throws
}
