import EntryModel
import Foundation
import GRDBSQLite

/// The `-wal` and `-shm` files SQLite keeps beside a database in WAL mode
/// (<https://www.sqlite.org/wal.html#the_wal_file>, <https://www.sqlite.org/walformat.html#the_wal_index_file_format>):
/// which of them were there before an open, so that an open that refuses the database takes away
/// the ones it made, and leaves the folder as it found it.
struct SidecarFiles {
    let databasePath: String
    private let existedBefore: Set<String>

    /// Notes which of the files exist now.
    init(databasePath: String) {
        self.databasePath = databasePath
        existedBefore = Set(Self.suffixes.map { databasePath + $0 }.filter { FileKind($0) != nil })
    }

    private static let suffixes = ["-wal", "-shm"]

    /// Removes the files that were not there before and hold nothing: a `-wal` no longer than its
    /// header (no frame, so no data of anyone's), and then a `-shm` (an index of that empty WAL).
    /// Call it after every connection of the refused open has closed.
    func removeCreated() {
        let wal = databasePath + "-wal"
        let shm = databasePath + "-shm"
        if !existedBefore.contains(wal), let size = Self.size(of: wal), size <= WALPlaceholder.headerSize {
            unlink(wal)
        }
        if !existedBefore.contains(shm), Self.size(of: wal) == nil, FileKind(shm) == .regular {
            unlink(shm)
        }
    }

    /// True when neither file was there when this was made.
    var noneExistedBefore: Bool { existedBefore.isEmpty }

    /// True when there is no `-wal`, or one no longer than its header: no frame, so no data of anyone's.
    var walHoldsNoFrame: Bool {
        let wal = databasePath + "-wal"
        return FileKind(wal) == nil || (Self.size(of: wal) ?? .max) <= WALPlaceholder.headerSize
    }

    private static func size(of path: String) -> Int64? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }
}

/// Keeps GRDB from writing to a database at open time.
///
/// `DatabasePool` makes sure a non-empty `-wal` file exists when it opens, and when there is none it
/// makes one by committing `CREATE TABLE grdb_issue_102 …; DROP TABLE grdb_issue_102`
/// (GRDB issues 102 and 1383): a real write, at every writable open, before anything was asked —
/// checkpointed into the file when it closes (schema cookie + 2, a free page), damaged file or not.
/// A `-wal` of exactly the WAL header's 32 bytes, all zero, is non-empty for GRDB and empty for
/// SQLite, which reads frames only past the header, ignores a header it cannot validate, and writes
/// a fresh one before its first frame (<https://www.sqlite.org/fileformat.html#the_write_ahead_log>).
enum WALPlaceholder {
    /// The size of a WAL file's header.
    static let headerSize: Int64 = 32

    /// Creates the placeholder when `path` has no `-wal` or an empty one, with the database file's
    /// mode. Only for a database already in WAL mode: beside a file in rollback mode, SQLite would
    /// open the non-empty -wal as a WAL and never write WAL mode into the file's header.
    static func prepare(forDatabaseAt path: String) {
        let wal = path + "-wal"
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        var walStatus = stat()
        let walExists = lstat(wal, &walStatus) == 0
        if walExists && ((walStatus.st_mode & S_IFMT) != S_IFREG || walStatus.st_size > 0) { return }
        let descriptor = open(
            wal, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (walExists ? 0 : O_EXCL), status.st_mode & 0o777)
        guard descriptor >= 0 else { return }  // GRDB then does as it always did
        defer { close(descriptor) }
        let zeros = [UInt8](repeating: 0, count: Int(headerSize))
        _ = zeros.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
}

/// Takes away, after a read-only open's connections have closed, the `-wal` and `-shm` files SQLite
/// made for it. Any connection to a database in WAL mode makes them when they are missing, a
/// read-only one too, and only a connection that can write deletes them at its close: one that gets
/// the exclusive lock on the database, so none other is open (<https://www.sqlite.org/wal.html#the_wal_file>).
/// So this opens one such connection, reads the schema (which opens the WAL) and closes it: SQLite
/// itself then checkpoints the empty WAL (nothing to copy) and deletes both files, or leaves them
/// when another connection, of any process, has the journal open. Only when neither file was there
/// before the open (else they are someone's and stay as found) and the WAL holds no frame.
final class ReadOnlyLeftovers: @unchecked Sendable {
    private let sidecars: SidecarFiles
    /// What SQLite opens: the path, or an encrypted journal's URI (its key still registered).
    private let location: String
    private let lock = NSLock()
    private var done = false

    /// Notes the files beside `path` before a read-only open of `location`.
    init(path: String, location: String) {
        sidecars = SidecarFiles(databasePath: path)
        self.location = location
    }

    /// When its read-only connection is gone: the connection's configuration held the last reference,
    /// and SQLite closed it before (GRDB's `SerializedDatabase` closes in its deinitializer).
    deinit { remove() }

    /// Removes the files the read-only open made, once; call it after its last connection closed.
    func remove() {
        lock.lock()
        defer { lock.unlock() }
        if done { return }
        done = true
        guard sidecars.noneExistedBefore, sidecars.walHoldsNoFrame else { return }
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        guard sqlite3_open_v2(location, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI, nil) == SQLITE_OK,
            sqlite3_db_readonly(connection, "main") == 0
        else { return }
        sqlite3_exec(connection, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil)
    }
}
