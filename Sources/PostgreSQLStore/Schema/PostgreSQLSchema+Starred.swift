/// Starred entries (v4): a `starred` column on `entry` and `"trashedEntry"` (a restored entry keeps
/// its star), and one partial index per sort order over the starred rows only, as in SQLite: a page
/// of starred entries seeks on its order's index whatever their share, and the indexes cost nothing
/// on the unstarred rows an import brings.
extension PostgreSQLSchema {
    static let v4Starred: [String] = [
        """
        ALTER TABLE entry ADD COLUMN starred boolean NOT NULL DEFAULT false
        """,
        """
        ALTER TABLE "trashedEntry" ADD COLUMN starred boolean NOT NULL DEFAULT false
        """,
        """
        CREATE INDEX entry_starred_created ON entry ("createdAt", id) WHERE starred
        """,
        """
        CREATE INDEX entry_starred_updated ON entry ("updatedAt", id) WHERE starred
        """,
        """
        CREATE INDEX entry_starred_title ON entry ("titleKey", id) WHERE starred
        """,
    ]
}
