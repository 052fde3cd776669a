import GRDB
import SQLiteCipher

/// The size of the full-text index's pages (FTS5's `pgsz`) in an encrypted journal.
///
/// FTS5 stores its index as rows of up to `pgsz` bytes, 4,050 by default: chosen so that one row
/// fits in a 4,096-byte database page, whose largest cell is the page's usable size less 35 bytes.
/// An encrypted journal's pages keep their last 40 bytes for the nonce and tag, so a row of 4,050
/// bytes does not fit (its largest cell is 4,021 bytes): SQLite would keep its first 484 bytes in the
/// table and spill the rest to an overflow page, and every read of the index would read two pages
/// where a plain journal reads one. The prefix searches and a common word's pages read thousands
/// of them. 4,010 bytes (FTS5's default less the reserve) leaves the row the same margin as in a
/// plain journal. See <https://www.sqlite.org/fts5.html#the_pgsz_configuration_option>.
enum EncryptedFullTextPages {
    /// FTS5's `pgsz` for an encrypted journal.
    static let size = defaultSize - Int(ENTRIES_CIPHER_RESERVED_BYTES)

    /// Sets it in `db`'s index: rows FTS5 writes from now on (and the imports, which build their index
    /// with the journal's settings) fit in one page.
    static func configure(_ db: Database) throws {
        try ScratchFullTextIndex.configure(db, "pgsz", size)
    }

    /// Sets it and writes the whole index again, so that its existing rows fit too (a journal that was
    /// plain until now: `VACUUM INTO` copies its rows as they were), as one segment on the level its
    /// size calls for (`FullTextWholeBuild`).
    static func configureAndRebuild(_ db: Database) throws {
        try configure(db)
        try FullTextWholeBuild.run(db) {
            try db.execute(sql: "INSERT INTO entryFTS(entryFTS) VALUES ('rebuild')")
        }
    }

    /// FTS5's default size again (a journal decrypted: a plain page holds it). Rows written at the
    /// smaller size stay as they are: they fit. Set through FTS5, not deleted from its table: the
    /// connections are defensive, and FTS5's tables are written by FTS5 only.
    static func remove(_ db: Database) throws {
        try ScratchFullTextIndex.configure(db, "pgsz", defaultSize)
    }

    /// FTS5's own `pgsz` (`FTS5_DEFAULT_PAGE_SIZE`).
    static let defaultSize = 4_050
}
