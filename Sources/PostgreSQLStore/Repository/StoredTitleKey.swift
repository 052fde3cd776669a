import EntryModel

/// The title order's columns as PostgreSQL keeps them: `"titleKey"`, the title's ``TitleSortKey``
/// (`bytea` compares byte by byte, then by length, as SQLite compares its BLOB and as the in-memory
/// store compares the bytes), and `"titleLength"`, the title's length in bytes. `("titleKey", id)`
/// sorts exactly as the SQLite store and the in-memory one do.
///
/// A negative `"titleLength"` marks a key made by an older version, which ``StaleTitleKeys`` makes
/// again when a client opens the database.
struct StoredTitleKey: Hashable {
    var key: [UInt8]
    var length: Int32

    init(_ title: String) {
        key = TitleSortKey.key(title)
        length = Int32(clamping: title.utf8.count)
    }
}
