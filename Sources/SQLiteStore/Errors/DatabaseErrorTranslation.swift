import EntryModel
import Foundation
import GRDB

extension EntryStoreError {
    /// Translates any error thrown by GRDB or SQLite into an ``EntryStoreError`` about the database at `path`.
    ///
    /// Errors that already are ``EntryStoreError`` pass through unchanged.
    public init(_ error: any Error, path: String) {
        if let storeError = error as? EntryStoreError {
            self = storeError
            return
        }
        guard let databaseError = error as? DatabaseError else {
            self = .other("\(path): \(error)")
            return
        }
        let message = databaseError.message ?? "\(databaseError.resultCode)"
        if databaseError.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            // A hot journal a read-only look cannot roll back: another program's unfinished write
            // (ours are rolled back by the open, see ExclusiveImportJournal), left alone.
            self = .cannotOpen(path: path, reason: Self.unfinishedTransaction(path: path))
            return
        }
        if databaseError.extendedResultCode == .SQLITE_IOERR_DATA {
            // An encrypted journal's page that failed its authentication (Encryption/ENCRYPTION.md).
            self = .corrupt(
                path: path,
                detail:
                    "a page failed its authentication check: it was changed, cut short or taken from another journal")
            return
        }
        switch databaseError.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .locked(path: path)
        case .SQLITE_READONLY:
            self = .readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_FORMAT:
            self = .corrupt(path: path, detail: message)
        case .SQLITE_FULL:
            self = .diskFull(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            self = .cannotOpen(path: path, reason: message)
        case .SQLITE_IOERR:
            // Some writes that found no room come back as I/O errors (the -shm index grown or
            // mapped, a WAL frame): a disk with no room left is called full, as SQLITE_FULL is.
            self =
                DiskSpace.isFull(around: path)
                ? .diskFull(path: path)
                : .other("\(path): input/output error (\(message)): check the disk and try again")
        case .SQLITE_TOOBIG:
            self = .other("\(path): a text is too large to store (\(message))")
        default:
            self = .other("\(path): \(message)")
        }
    }
}

extension EntryStoreError {
    /// Why a file with a hot journal (SQLITE_READONLY_ROLLBACK) is not opened.
    static func unfinishedTransaction(path: String) -> String {
        // Ours, where the open could not roll it back (read-only media): it is undone where it can be written.
        if ImportRollbackMarker(databasePath: path).namesTheDatabase {
            return "an import by entries was interrupted and left its transaction unfinished (\(path)-journal), "
                + "which cannot be undone here: open the file once where it can be written, and the import is undone"
        }
        return "it has a transaction left unfinished by a program that stopped (\(path)-journal), which entries "
            + "does not undo, not being the program that wrote it: open the file once, where it can be "
            + "written, with that program or with sqlite3, and try again"
    }
}

/// Runs `body`, translating every error it throws into an ``EntryStoreError`` about `path`.
@inline(__always)
func translatingErrors<T>(path: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let conflict as EntryChangeSetConflict {
        // Already in words a user can act on, and callers match on it.
        throw conflict
    } catch {
        throw EntryStoreError(error, path: path)
    }
}
