import EntryModel
import Foundation
import GRDB
import GRDBSQLite

extension SQLiteEntryRepository {
    /// Inserts the entry, its tag rows and its links in one write transaction, then reads the stored row back.
    @discardableResult
    public func insert(_ draft: EntryDraft) throws -> Entry {
        try write { db in
            let inserter = try EntryInserter(db)
            let id = try inserter.insert(draft, now: Date())
            guard let entry = try Self.fetchEntry(db, id: id) else { throw EntryStoreError.notFound(id: id) }
            return entry
        }
    }

    /// Checks the stored `updatedAt` and rewrites the row, its tag rows and its links in one write
    /// transaction; the new `updatedAt` is at least a millisecond past the old one.
    @discardableResult
    public func update(_ entry: Entry) throws -> Entry {
        try write { db in try Self.update(db, entry) }
    }

    /// Stores `entry` over the stored one in the open write transaction `db`, unless it changed since it was read.
    static func update(_ db: Database, _ entry: Entry) throws -> Entry {
        let current = try RawStatement(db, sql: "SELECT updatedAt, title FROM entry WHERE id = ?")
        try current.bind(entry.id, at: 1)
        guard try current.step() else {
            current.reset()
            throw EntryStoreError.notFound(id: entry.id)
        }
        let previousUpdate = current.int64(at: 0)
        let currentTitle = current.text(at: 1)
        current.reset()
        // Optimistic concurrency: `updatedAt` moves forward on every update, so it is the entry's
        // version. A copy read before someone else's update must not overwrite that update.
        if previousUpdate != StoredDate.milliseconds(entry.updatedAt) {
            throw EntryStoreError.changedMeanwhile(
                id: entry.id, title: currentTitle, by: "", at: StoredDate.date(previousUpdate))
        }
        // "Now", but always later than the previous update, even within the same millisecond.
        let updatedAt = max(StoredDate.milliseconds(Date()), previousUpdate &+ 1)
        let tags = TagList.normalize(entry.tags)
        let update = try RawStatement(
            db,
            sql: """
                UPDATE entry SET title = ?, body = ?, moreDetails = ?, tags = ?, createdAt = ?, updatedAt = ?, titleKey = ?, starred = ?,
                words = ?
                WHERE id = ?
                """)
        try update.bind(entry.title, at: 1)
        try update.bind(entry.body, at: 2)
        try update.bind(entry.moreDetails, at: 3)
        try update.bind(TagList.encode(tags), at: 4)
        try update.bind(StoredDate.milliseconds(entry.createdAt), at: 5)
        try update.bind(updatedAt, at: 6)
        try update.bind(TitleSortKey.key(entry.title), at: 7)
        try update.bind(entry.starred ? 1 : 0, at: 8)
        try update.bind(Int64(WordCount.of(entry.body)), at: 9)
        try update.bind(entry.id, at: 10)
        try update.run()
        let deleteTags = try RawStatement(db, sql: "DELETE FROM entryTag WHERE entryId = ?")
        try deleteTags.bind(entry.id, at: 1)
        try deleteTags.run()
        let inserter = try EntryInserter(db)
        try inserter.insertTags(tags, entryId: entry.id)
        try inserter.links.replace(with: EntryLinkTargets(entry), sourceId: entry.id)
        guard let stored = try Self.fetchEntry(db, id: entry.id) else { throw EntryStoreError.notFound(id: entry.id) }
        return stored
    }

    /// Copies the row into `trashedEntry`, then deletes it from `entry`, in one transaction: the entry is
    /// in exactly one of the two tables whatever happens.
    public func delete(id: Int64) throws {
        try write { db in try Self.moveToTrash(db, id: id) }
    }

    /// Moves the entry `id` to the trash in the open write transaction `db`.
    static func moveToTrash(_ db: Database, id: Int64) throws {
        // Into the trash first, then out of `entry`, in the same transaction: the entry is in
        // exactly one of the two whatever happens.
        let keep = try RawStatement(
            db,
            sql: """
                INSERT INTO trashedEntry (id, title, body, moreDetails, tags, createdAt, updatedAt, starred, deletedAt)
                SELECT id, title, body, moreDetails, tags, createdAt, updatedAt, starred, ? FROM entry WHERE id = ?
                """)
        try keep.bind(StoredDate.milliseconds(Date()), at: 1)
        try keep.bind(id, at: 2)
        try keep.run()
        if db.changesCount == 0 { throw EntryStoreError.notFound(id: id) }
        // entryTag and entryLink rows go by ON DELETE CASCADE, the FTS row by the entry_ad_fts trigger.
        let statement = try RawStatement(db, sql: "DELETE FROM entry WHERE id = ?")
        try statement.bind(id, at: 1)
        try statement.run()
    }

    /// Stores the change set in one write transaction after checking every updated or trashed entry's `updatedAt`
    /// against its row; any conflict throws ``EntryChangeSetConflict`` before anything is written.
    @discardableResult
    public func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult {
        try write { db in
            let current = try RawStatement(db, sql: "SELECT title, updatedAt FROM entry WHERE id = ?")
            let conflicts = try changes.conflicts { id in
                try current.bind(id, at: 1)
                defer { current.reset() }
                return try current.step() ? (current.text(at: 0), current.int64(at: 1)) : nil
            }
            guard conflicts.isEmpty else { throw EntryChangeSetConflict(conflicts: conflicts) }
            for entry in changes.updates { _ = try Self.update(db, entry) }
            for entry in changes.trashes { try Self.moveToTrash(db, id: entry.id) }
            let inserter = try EntryInserter(db)
            let now = Date()
            let ids = try changes.inserts.map { try inserter.insert($0, now: now) }
            return EntryChangeSetResult(
                updated: changes.updates.count, trashed: changes.trashes.count, insertedIDs: ids)
        }
    }

    /// Reads the `trashedEntry` table in one statement; empty for a database from before the trash.
    public func trashedEntries() throws -> [TrashedEntry] {
        try read { db in
            // A database an older version wrote, opened read-only, has no trash yet: nothing in it.
            guard try db.tableExists("trashedEntry") else { return [] }
            let statement = try RawStatement(
                db,
                sql: """
                    SELECT \(EntryColumns.entry), deletedAt FROM trashedEntry ORDER BY deletedAt DESC, id DESC
                    """)
            return try EntryColumns.all(statement) { row in
                TrashedEntry(entry: EntryColumns.entry(from: row), deletedAt: StoredDate.date(row.int64(at: 8)))
            }
        }
    }

    /// Moves the row back from `trashedEntry` to `entry` in one transaction, making again what the
    /// trash does not keep: the title key, the word count, the tag rows and the links.
    @discardableResult
    public func restore(id: Int64) throws -> Entry {
        try write { db in
            let back = try RawStatement(
                db,
                sql: """
                    INSERT INTO entry (id, title, body, moreDetails, tags, createdAt, updatedAt, starred)
                    SELECT id, title, body, moreDetails, tags, createdAt, updatedAt, starred FROM trashedEntry WHERE id = ?
                    """)
            try back.bind(id, at: 1)
            try back.run()
            if db.changesCount == 0 { throw EntryStoreError.notInTrash(id: id) }
            let remove = try RawStatement(db, sql: "DELETE FROM trashedEntry WHERE id = ?")
            try remove.bind(id, at: 1)
            try remove.run()
            guard let entry = try Self.fetchEntry(db, id: id) else { throw EntryStoreError.notInTrash(id: id) }
            // The trash keeps no title key and no word count: they are made again from the entry.
            let key = try RawStatement(db, sql: "UPDATE entry SET titleKey = ?, words = ? WHERE id = ?")
            try key.bind(TitleSortKey.key(entry.title), at: 1)
            try key.bind(Int64(WordCount.of(entry.body)), at: 2)
            try key.bind(id, at: 3)
            try key.run()
            let inserter = try EntryInserter(db)
            try inserter.insertTags(entry.tags, entryId: id)
            try inserter.links.insert(EntryLinkTargets(entry), sourceId: id)
            return entry
        }
    }

    /// Deletes the rows of `trashedEntry` deleted before `date` (all when nil) in one statement.
    @discardableResult
    public func emptyTrash(deletedBefore date: Date?) throws -> Int {
        try write { db in
            let statement = try RawStatement(db, sql: "DELETE FROM trashedEntry WHERE deletedAt < ?")
            try statement.bind(date.map(StoredDate.milliseconds) ?? Int64.max, at: 1)
            try statement.run()
            return db.changesCount
        }
    }

    /// Finds the entries through the `entryTag` index, then rewrites each one's tags and tag rows, all in
    /// one write transaction.
    @discardableResult
    public func renameTag(_ tag: String, to newTag: String) throws -> Int {
        try write { db in
            let tagged = try RawStatement(db, sql: "SELECT entryId FROM entryTag WHERE tag = ?")
            try tagged.bind(TagKey.key(tag), at: 1)
            let ids = try EntryColumns.all(tagged) { $0.int64(at: 0) }
            let read = try RawStatement(db, sql: "SELECT tags FROM entry WHERE id = ?")
            let update = try RawStatement(db, sql: "UPDATE entry SET tags = ? WHERE id = ?")
            let deleteTags = try RawStatement(db, sql: "DELETE FROM entryTag WHERE entryId = ?")
            let inserter = try EntryInserter(db)
            for id in ids {
                try read.bind(id, at: 1)
                guard try read.step() else { read.reset(); continue }
                let tags = TagList.normalize(
                    TagList.decode(read.text(at: 0)).map { TagKey.same($0, tag) ? newTag : $0 })
                read.reset()
                try update.bind(TagList.encode(tags), at: 1)
                try update.bind(id, at: 2)
                try update.run()
                try deleteTags.bind(id, at: 1)
                try deleteTags.run()
                try inserter.insertTags(tags, entryId: id)
            }
            return ids.count
        }
    }

    /// Runs a write transaction, refusing early on a read-only database and translating errors.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        if isReadOnly { throw EntryStoreError.readOnly(path: path) }
        return try writer.translatedWrite(path: path, timeLimit: timeLimit, body)
    }
}

/// Inserts entries, their tags and their links with reused prepared statements (the per-row work of
/// every insert).
struct EntryInserter {
    private let insertEntry: RawStatement
    private let insertTag: RawStatement
    /// The writer of the entries' `entryLink` rows.
    let links: EntryLinkWriter
    private let db: Database

    init(_ db: Database) throws {
        self.db = db
        insertEntry = try RawStatement(
            db,
            sql: """
                INSERT INTO entry (id, title, body, moreDetails, tags, createdAt, updatedAt, titleKey, starred, words)
                VALUES (\(EntrySchema.nextID), ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        insertTag = try RawStatement(db, sql: "INSERT INTO entryTag (entryId, tag) VALUES (?, ?)")
        links = try EntryLinkWriter(db)
    }

    /// Inserts one draft and returns its new id. Missing dates become `now` (`updatedAt` defaults to
    /// `createdAt`, so an imported entry that was never edited keeps one date).
    func insert(_ draft: EntryDraft, now: Date) throws -> Int64 {
        let tags = TagList.normalize(draft.tags)
        let createdAt = StoredDate.milliseconds(draft.createdAt ?? now)
        let updatedAt = draft.updatedAt.map(StoredDate.milliseconds) ?? createdAt
        try insertEntry.bind(draft.title, at: 1)
        try insertEntry.bind(draft.body, at: 2)
        try insertEntry.bind(draft.moreDetails, at: 3)
        try insertEntry.bind(TagList.encode(tags), at: 4)
        try insertEntry.bind(createdAt, at: 5)
        try insertEntry.bind(updatedAt, at: 6)
        try insertEntry.bind(TitleSortKey.key(draft.title), at: 7)
        try insertEntry.bind(draft.starred ? 1 : 0, at: 8)
        try insertEntry.bind(Int64(WordCount.of(draft.body)), at: 9)
        try insertEntry.run()
        let id = sqlite3_last_insert_rowid(db.sqliteConnection)
        try insertTags(tags, entryId: id)
        try links.insert(EntryLinkTargets(draft), sourceId: id)
        return id
    }

    /// Inserts the tag rows of an entry (tags already normalized, so without duplicates).
    func insertTags(_ tags: [String], entryId: Int64) throws {
        for tag in tags {
            try insertTag.bind(entryId, at: 1)
            try insertTag.bind(TagKey.key(tag), at: 2)
            try insertTag.run()
        }
    }
}
