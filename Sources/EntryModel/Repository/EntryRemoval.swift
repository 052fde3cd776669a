/// A store that can take entries out for good, several at once: what moving entries to another
/// journal needs (``EntryTransfer``). Kept apart from ``EntryRepository``, whose `delete(id:)` puts
/// one entry in the trash: a moved entry lives on in the other journal, and must not stay behind in
/// this one's trash (an entry moved out of a shared journal into a private one is gone from the
/// shared one).
public protocol EntryRemoval: Sendable {
    /// Removes the entries with these ids for good (not into the trash), in one transaction: all of
    /// them or none. An id of no entry is ``EntryStoreError/notFound(id:)`` and nothing is removed.
    func remove(ids: [Int64]) throws
}
