import EntryModel
import GRDB

/// Links between entries (v9): `entryLink` holds one row per distinct target of an entry's links
/// (``EntryLinkTargets``): `targetId` for `[[#42]]`, `targetKey` (the title's ``TitleSortKey``) for
/// `[[Title]]` (v10 keeps both in one column, `target`, and keys the table by source:
/// `EntrySchema+LinksBySource.swift`). Rows are made in Swift whenever an entry's text is written (the parser is not SQL),
/// and go with the entry by `ON DELETE CASCADE` (a trashed entry links to nothing until restored).
/// Title links are resolved when read (the first entry of the title, by id, through
/// `entry_on_title`), so renaming or adding an entry never rewrites another entry's rows.
///
/// The migration makes the rows of every entry already stored, a thousand entries at a time.
extension EntrySchema {
    /// The identifier of the migration that adds the links.
    static let v9Links = "v9-links"

    /// The table, index and trigger of the links as the migrations leave them, v10 after v9, v13's trigger
    /// that carries an entry's new date to its links (for checks and tests).
    static let linkObjects: [(type: String, name: String)] = [
        ("table", "entryLink"), ("index", "entryLink_on_target"), ("trigger", "entry_au_link_dates"),
    ]

    /// The indexes of `entryLink` besides its primary key: a bulk insert that rebuilds the sort
    /// indexes rebuilds these too.
    static let linkIndexes = ["entryLink_on_target"]

    static func migrateLinks(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE entryLink (
                    sourceId INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
                    targetId INTEGER,
                    targetKey BLOB,
                    CHECK ((targetId IS NULL) <> (targetKey IS NULL))
                );
                CREATE INDEX entryLink_on_sourceId ON entryLink(sourceId);
                CREATE INDEX entryLink_on_targetId ON entryLink(targetId, sourceId) WHERE targetId IS NOT NULL;
                CREATE INDEX entryLink_on_targetKey ON entryLink(targetKey, sourceId) WHERE targetKey IS NOT NULL;
                """)
        let read = try RawStatement(
            db,
            sql: """
                SELECT id, body, moreDetails FROM entry
                WHERE id > ? AND (instr(body, '[[') > 0 OR instr(moreDetails, '[[') > 0) ORDER BY id LIMIT 1000
                """)
        // v9's columns (v10 keeps both kinds of target in one).
        let insertID = try RawStatement(db, sql: "INSERT INTO entryLink (sourceId, targetId) VALUES (?, ?)")
        let insertKey = try RawStatement(db, sql: "INSERT INTO entryLink (sourceId, targetKey) VALUES (?, ?)")
        var last = Int64.min
        while true {
            try read.bind(last, at: 1)
            var rows: [(id: Int64, targets: EntryLinkTargets)] = []
            while try read.step() {
                rows.append(
                    (read.int64(at: 0), EntryLinkTargets(body: read.text(at: 1), moreDetails: read.text(at: 2))))
            }
            read.reset()
            guard let final = rows.last else { return }
            for row in rows {
                for id in row.targets.ids {
                    try insertID.bind(row.id, at: 1)
                    try insertID.bind(id, at: 2)
                    try insertID.run()
                }
                for key in row.targets.titleKeys {
                    try insertKey.bind(row.id, at: 1)
                    try insertKey.bind(key, at: 2)
                    try insertKey.run()
                }
            }
            last = final.id
        }
    }
}

/// Writes the `entryLink` rows of an entry (v10: one `target` column, an id or a title key; v13: the
/// source's creation time beside it), with reused prepared statements.
struct EntryLinkWriter {
    private let insertRow: RawStatement
    private let deleteRows: RawStatement

    init(_ db: Database) throws {
        // The date from the entry's row, written just before: whichever way the entry was written
        // (added, edited, restored), the link has its date as stored.
        insertRow = try RawStatement(
            db,
            sql: """
                INSERT INTO entryLink (sourceId, target, sourceCreatedAt) SELECT ?1, ?2, createdAt FROM entry WHERE id = ?1
                """)
        deleteRows = try RawStatement(db, sql: "DELETE FROM entryLink WHERE sourceId = ?")
    }

    /// Adds the rows of `targets` for the stored entry `sourceId` (which has none yet), in key order.
    func insert(_ targets: EntryLinkTargets, sourceId: Int64) throws {
        for id in targets.ids {
            try insertRow.bind(sourceId, at: 1)
            try insertRow.bind(id, at: 2)
            try insertRow.run()
        }
        for key in targets.titleKeys {
            try insertRow.bind(sourceId, at: 1)
            try insertRow.bind(key, at: 2)
            try insertRow.run()
        }
    }

    /// Replaces the rows of the entry `sourceId` with those of `targets`.
    func replace(with targets: EntryLinkTargets, sourceId: Int64) throws {
        try deleteRows.bind(sourceId, at: 1)
        try deleteRows.run()
        try insert(targets, sourceId: sourceId)
    }
}
