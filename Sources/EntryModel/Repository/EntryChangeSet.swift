import Foundation

/// Changes to many entries that are stored together by ``EntryRepository/apply(_:)``: every one of
/// them or none. What `entries edit` with a filter saves from one editor buffer.
///
/// Updated and trashed entries are given as they were read: their `updatedAt` is the version the
/// change was made from. When any of them was changed or deleted since, nothing is written and the
/// store throws ``EntryChangeSetConflict`` naming all of them.
public struct EntryChangeSet: Equatable, Sendable {
    /// Entries to store over the stored ones (matched by id), each with the `updatedAt` it was read with.
    public var updates: [Entry]
    /// Entries to move to the trash, as they were read.
    public var trashes: [Entry]
    /// New entries.
    public var inserts: [EntryDraft]

    /// A change set of these updates, moves to the trash and new entries; any of them may be empty.
    public init(updates: [Entry] = [], trashes: [Entry] = [], inserts: [EntryDraft] = []) {
        self.updates = updates
        self.trashes = trashes
        self.inserts = inserts
    }

    /// Whether there is nothing to store.
    public var isEmpty: Bool { updates.isEmpty && trashes.isEmpty && inserts.isEmpty }

    /// The conflicts of this change set with the store as it is, given how the store holds an entry
    /// now (its title and `updatedAt` in milliseconds, nil when it is not there): the stores call it
    /// inside their write transaction, before writing anything.
    public func conflicts(
        current: (Int64) throws -> (title: String, updatedAt: Int64)?
    ) rethrows -> [EntryChangeSetConflict.Conflict] {
        var found: [EntryChangeSetConflict.Conflict] = []
        for entry in updates + trashes {
            guard let now = try current(entry.id) else {
                found.append(.init(id: entry.id, title: entry.title, deleted: true))
                continue
            }
            if now.updatedAt != StoredDate.milliseconds(entry.updatedAt) {
                found.append(.init(id: entry.id, title: now.title, deleted: false))
            }
        }
        return found
    }
}

/// How many entries ``EntryRepository/apply(_:)`` updated, moved to the trash and added, and the ids
/// of those added (in the order of ``EntryChangeSet/inserts``).
public struct EntryChangeSetResult: Equatable, Sendable {
    /// How many entries were stored over.
    public var updated: Int
    /// How many entries went to the trash.
    public var trashed: Int
    /// The ids of the new entries, in the order they were given.
    public var insertedIDs: [Int64]

    /// A result of `updated` entries stored over, `trashed` moved to the trash and the new entries' ids, in the order
    /// of the change set's inserts.
    public init(updated: Int, trashed: Int, insertedIDs: [Int64]) {
        self.updated = updated
        self.trashed = trashed
        self.insertedIDs = insertedIDs
    }
}

/// A change set refused because entries it changes were changed or deleted by someone else since
/// they were read. Nothing of the change set was written.
public struct EntryChangeSetConflict: Error, Equatable, Sendable, CustomStringConvertible {
    /// One entry that is no longer as it was read.
    public struct Conflict: Equatable, Sendable {
        /// The entry's id.
        public var id: Int64
        /// Its title now (as read, when it was deleted).
        public var title: String
        /// Whether it was deleted (or trashed) rather than changed.
        public var deleted: Bool

        /// The conflict of entry `id`, whose title is `title`, changed (`deleted` false) or deleted or trashed
        /// (`deleted` true) since it was read.
        public init(id: Int64, title: String, deleted: Bool) {
            self.id = id
            self.title = title
            self.deleted = deleted
        }
    }

    /// Every entry that is no longer as it was read, in the order of the change set.
    public var conflicts: [Conflict]

    /// A refusal naming every entry of the change set that is no longer as it was read.
    public init(conflicts: [Conflict]) {
        self.conflicts = conflicts
    }

    /// The message shown to the person: how many entries were changed or deleted meanwhile, naming up to ten by id and
    /// title.
    public var description: String {
        let named = conflicts.map { conflict in
            "entry \(conflict.id) (\(QuotedExcerpt.quoted(conflict.title))) was \(conflict.deleted ? "deleted" : "changed")"
        }
        let count = conflicts.count == 1 ? "an entry was" : "\(conflicts.count) entries were"
        return "\(count) changed by another program meanwhile: " + QuotedExcerpt.list(named, limit: 10)
    }
}
