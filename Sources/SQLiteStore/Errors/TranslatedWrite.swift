import EntryModel
import Foundation
import GRDB
import GRDBSQLite

extension DatabaseWriter {
    /// Runs `body` in a write transaction (committed when it returns, rolled back when it throws) and
    /// translates every error into an ``EntryStoreError`` about `path`. The transaction starts by
    /// taking in any schema change made by another connection (``GRDB/Database/revalidateSchema()``),
    /// and is stopped (rolled back) when it runs past `timeLimit`.
    ///
    /// SQLite reports a full disk (ENOSPC) as `SQLITE_FULL`, but a full disk quota (EDQUOT) or the
    /// process's file size limit (EFBIG, `ulimit -f`) as a plain `SQLITE_IOERR`, which would read
    /// "input/output error: check the disk". Those are reported as ``EntryStoreError/diskFull(path:)``
    /// too: the remedy is the same, make room. See <https://www.sqlite.org/c3ref/system_errno.html>.
    func translatedWrite<T>(path: String, timeLimit: QueryTimeLimit, _ body: (Database) throws -> T) throws -> T {
        try translatingErrors(path: path) {
            try writeWithoutTransaction { db in
                var result: T?
                try timeLimit.run(on: db, path: path) {
                    try db.reportingOutOfSpace(path: path) {
                        try db.inTransaction {
                            try db.revalidateSchema()
                            result = try body(db)
                            return .commit
                        }
                    }
                }
                guard let result else { throw EntryStoreError.other("\(path): the write did not complete") }
                return result
            }
        }
    }
}

extension Database {
    /// Runs `body`; an `SQLITE_IOERR` whose system error means "no room left" (see
    /// ``DatabaseWriter/translatedWrite(path:timeLimit:_:)``) becomes ``EntryStoreError/diskFull(path:)``.
    func reportingOutOfSpace<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_IOERR {
            if OutOfSpace.explains(systemErrno: sqlite3_system_errno(sqliteConnection)) {
                throw EntryStoreError.diskFull(path: path)
            }
            throw error
        }
    }
}

/// Whether an SQLite I/O error means "no room left".
enum OutOfSpace {
    /// True for a full disk, a full quota or the file size limit. SQLite does not always keep the
    /// system error until it reports a failed COMMIT (it is 0 then): a file size limit set on this
    /// process (`ulimit -f`) is then the likely cause.
    static func explains(systemErrno: Int32) -> Bool {
        switch systemErrno {
        case ENOSPC, EDQUOT, EFBIG: return true
        case 0: return hasFileSizeLimit
        default: return false
        }
    }

    private static var hasFileSizeLimit: Bool {
        var limit = rlimit()
        // RLIM_INFINITY, spelled out: the C macro does not import into Swift.
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        let infinity = rlim_t.max
        #else
        let resource = RLIMIT_FSIZE
        let infinity = (rlim_t(1) << 63) - 1
        #endif
        return getrlimit(resource, &limit) == 0 && limit.rlim_cur != infinity
    }
}
