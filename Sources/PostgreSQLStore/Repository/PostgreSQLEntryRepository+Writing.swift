import EntryModel
import Foundation
import NIOCore
import PostgresNIO

extension PostgreSQLEntryRepository {
    /// Inserts the row, with its search vector, and its links in one transaction; the entry returned is
    /// built from what was sent, with the id the server gave.
    @discardableResult
    public func insert(_ draft: EntryDraft) throws -> Entry {
        let row = StoredRow(draft, now: Date())
        let id = try session.transaction { connection in try insert(row, draft: draft, on: connection) }
        guard let id else { throw EntryStoreError.other("\(session.location): the insert returned no id") }
        return row.entry(id: id)
    }

    /// Inserts `row` (made from `draft`) and its links on `connection`, inside a transaction; returns its id.
    private func insert(_ row: StoredRow, draft: EntryDraft, on connection: PostgresConnection) throws -> Int64? {
        let query: PostgresQuery = """
            INSERT INTO entry (title, body, "moreDetails", tags, "titleKey", "titleLength", "createdAt", "updatedAt", search, starred, words)
            VALUES (\(row.title), \(row.body), \(row.moreDetails), \(row.tags), \(row.titleKey), \(row.titleLength),
                    \(row.createdAt), \(row.updatedAt), \(row.search)::tsvector, \(row.starred), \(row.words))
            RETURNING id
            """
        let links = EntryLinkTargets(draft)
        let id = try session.rows(connection, query).first.map { try $0.decode(Int64.self) }
        if let id, !links.isEmpty {
            try Self.writeLinks(links, sourceId: id, replacing: false, session: session, connection: connection)
        }
        return id
    }

    /// Locks the rows of the entries to update and trash (`FOR UPDATE`), checks their versions, then
    /// writes everything, in one transaction.
    @discardableResult
    public func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult {
        let now = Date()
        return try session.transaction { connection in
            let ids = (changes.updates + changes.trashes).map(\.id)
            var current: [Int64: (title: String, updatedAt: Int64)] = [:]
            if !ids.isEmpty {
                for row in try session.rows(
                    connection,
                    """
                    SELECT id, title, "updatedAt" FROM entry WHERE id = ANY(\(ids)) FOR UPDATE
                    """)
                {
                    let (id, title, updated) = try row.decode((Int64, ByteBuffer, Int64).self)
                    current[id] = (String(buffer: title), updated)
                }
            }
            let conflicts = changes.conflicts { current[$0] }
            guard conflicts.isEmpty else { throw EntryChangeSetConflict(conflicts: conflicts) }
            for entry in changes.updates { _ = try update(entry, on: connection) }
            for entry in changes.trashes where !(try moveToTrash(id: entry.id, on: connection)) {
                throw EntryStoreError.notFound(id: entry.id)
            }
            var inserted: [Int64] = []
            for draft in changes.inserts {
                guard let id = try insert(StoredRow(draft, now: now), draft: draft, on: connection) else {
                    throw EntryStoreError.other("\(session.location): the insert returned no id")
                }
                inserted.append(id)
            }
            return EntryChangeSetResult(
                updated: changes.updates.count, trashed: changes.trashes.count, insertedIDs: inserted)
        }
    }

    /// Replaces the entry's fields if nobody changed it since it was read: the stored `updatedAt` must
    /// still be `entry.updatedAt` (it moves forward on every update, so it is the entry's version).
    /// Otherwise ``EntryStoreError/changedMeanwhile(id:title:by:at:)`` names who changed it and when,
    /// and nothing is written.
    @discardableResult
    public func update(_ entry: Entry) throws -> Entry {
        try session.transaction { connection in try update(entry, on: connection) }
    }

    /// Stores `entry` over the stored one inside the transaction open on `connection`, as ``update(_:)``.
    func update(_ entry: Entry, on connection: PostgresConnection) throws -> Entry {
        let tags = TagList.normalize(entry.tags)
        let key = StoredTitleKey(entry.title)
        let created = StoredDate.milliseconds(entry.createdAt)
        let expected = StoredDate.milliseconds(entry.updatedAt)
        let now = StoredDate.milliseconds(Date())
        let search = SearchVector.literal(
            title: entry.title, tags: tags, moreDetails: entry.moreDetails, body: entry.body)
        let query: PostgresQuery = """
            UPDATE entry SET title = \(EntryRows.bytes(entry.title)), body = \(EntryRows.bytes(entry.body)),
                "moreDetails" = \(EntryRows.bytes(entry.moreDetails)), tags = \(tags.map(EntryRows.bytes)),
                "titleKey" = \(ByteBuffer(bytes: key.key)), "titleLength" = \(key.length), "createdAt" = \(created),
                "updatedAt" = greatest(\(now), "updatedAt" + 1), "updatedBy" = current_user, search = \(search)::tsvector,
                starred = \(entry.starred), words = \(Int32(clamping: WordCount.of(entry.body)))
            WHERE id = \(entry.id) AND "updatedAt" = \(expected)
            RETURNING "updatedAt"
            """
        do {
            if let updated = try session.rows(connection, query).first.map({ try $0.decode(Int64.self) }) {
                try Self.writeLinks(
                    EntryLinkTargets(entry), sourceId: entry.id, replacing: true, session: session,
                    connection: connection)
                var stored = entry
                stored.tags = tags
                stored.createdAt = StoredDate.date(created)
                stored.updatedAt = StoredDate.date(updated)
                return stored
            }
            let current = try session.rows(
                connection,
                """
                SELECT title, "updatedAt", "updatedBy" FROM entry WHERE id = \(entry.id)
                """
            ).first.map { try $0.decode((ByteBuffer, Int64, String).self) }
            guard let current else { throw EntryStoreError.notFound(id: entry.id) }
            throw EntryStoreError.changedMeanwhile(
                id: entry.id, title: String(buffer: current.0), by: current.2, at: StoredDate.date(current.1))
        }
    }

    /// Streams the rows with `COPY … FROM STDIN` inside one transaction: every entry or none (a
    /// connection lost halfway rolls it all back). Ids are given in the order of `drafts`. A large
    /// import builds the indexes after the rows (`PostgreSQLEntryRepository+BulkInsert.swift`).
    @discardableResult
    public func insert(
        contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        guard !drafts.isEmpty else {
            progress?(.finished(total: 0))
            return 0
        }
        let total = try copyInsert(drafts, progress: progress)
        progress?(.finished(total: total))
        return total
    }
}

/// An entry as it is stored: normalized tags and dates, the sort key and the search vector.
struct StoredRow {
    var title: ByteBuffer
    var body: ByteBuffer
    var moreDetails: ByteBuffer
    var tags: [ByteBuffer]
    var titleKey: ByteBuffer
    var titleLength: Int32
    var createdAt: Int64
    var updatedAt: Int64
    /// The words of the search vector (``search`` is their text form, ``BinaryCopyRow`` writes them).
    var lexemes: [SearchVector.Lexeme]
    var search: String { SearchVector.literal(lexemes) }
    var starred: Bool
    /// How many words the body has (``WordCount``).
    var words: Int32
    private var draft: EntryDraft
    private var normalizedTags: [String]

    init(_ draft: EntryDraft, now: Date) {
        self.draft = draft
        normalizedTags = TagList.normalize(draft.tags)
        title = EntryRows.bytes(draft.title)
        body = EntryRows.bytes(draft.body)
        moreDetails = EntryRows.bytes(draft.moreDetails)
        tags = normalizedTags.map(EntryRows.bytes)
        let key = StoredTitleKey(draft.title)
        titleKey = ByteBuffer(bytes: key.key)
        titleLength = key.length
        createdAt = StoredDate.milliseconds(draft.createdAt ?? now)
        updatedAt = draft.updatedAt.map(StoredDate.milliseconds) ?? createdAt
        lexemes = SearchVector.lexemes(
            title: draft.title, tags: normalizedTags, moreDetails: draft.moreDetails, body: draft.body)
        starred = draft.starred
        words = Int32(clamping: WordCount.of(draft.body))
    }

    func entry(id: Int64) -> Entry {
        Entry(
            id: id, title: draft.title, body: draft.body, moreDetails: draft.moreDetails, tags: normalizedTags,
            createdAt: StoredDate.date(createdAt), updatedAt: StoredDate.date(updatedAt), starred: starred)
    }
}
