import Foundation

/// What can go wrong with the entry store, in words a user can act on.
///
/// Every SQLite and GRDB error is translated into one of these cases (see
/// `EntryStoreError/init(_:path:)`), at open time and by every repository call, so callers never
/// need to know about SQLite result codes.
public enum EntryStoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file exists but is not an SQLite database (its 16-byte header is not "SQLite format 3\0").
    case notADatabase(path: String)
    /// The file is an SQLite database, but an SQLite database of some other application: it has
    /// tables and none of the entries tables, so it is left untouched.
    case foreignDatabase(path: String)
    /// The file looks like SQLite but its content is damaged.
    case corrupt(path: String, detail: String)
    /// Another program held a write lock for longer than the configured busy timeout.
    case locked(path: String)
    /// The database was opened read-only (or the file cannot be written), and a write was asked for.
    case readOnly(path: String)
    /// The database was written by a newer version of entries (it has migrations this build does not know).
    case newerSchema(path: String)
    /// The database was written by an older version of entries and must be upgraded, which a
    /// read-only open cannot do.
    case needsUpgrade(path: String)
    /// The database file could not be created (missing or unwritable folder, the path is a folder...).
    case cannotCreate(path: String, reason: String)
    /// The database file exists but could not be opened (permissions, I/O error...).
    case cannotOpen(path: String, reason: String)
    /// No entry has this id.
    case notFound(id: Int64)
    /// No entry with this id is in the trash.
    case notInTrash(id: Int64)
    /// The search text could not be turned into a full-text query.
    case invalidSearch(String)
    /// The disk (or the file system quota) is full.
    case diskFull(path: String)
    /// The database's schema is not the one this version's migrations made (an extra trigger or view,
    /// a table replaced by a view, a changed definition): `object` names what differs. Nothing in
    /// such a file is run or written; `readable` is true when reads still work (only triggers
    /// differ, which reads never run), so that the user can export what it holds.
    case changedOutsideEntries(path: String, object: String, readable: Bool)
    /// A read or write ran past its time limit (`EntryDatabase/Configuration/queryTimeLimit`) and
    /// was stopped; a stopped write is rolled back whole.
    case tooSlow(path: String, seconds: Double)
    /// A search ran past the time limit and was stopped: the query asked too much (common words, a
    /// long phrase), which says nothing about the file.
    case searchTooSlow(seconds: Double)
    /// The server named `server` (a `postgresql://` location without its password) could not be
    /// reached or refused the login: `reason` says which (unknown host, refused connection, wrong
    /// credentials, no TLS where `sslmode=require` asks for it...).
    case cannotConnect(server: String, reason: String)
    /// The server's database holds tables but not those of entries: it belongs to another application
    /// and was left untouched.
    case foreignServerDatabase(server: String)
    /// The entry was changed by someone else (`by`, at `at`) since it was read: the update was refused
    /// so that neither change is lost silently. Read it again, then make the change again.
    case changedMeanwhile(id: Int64, title: String, by: String, at: Date)
    /// Anything else, with SQLite's own message.
    case other(String)

    /// The problem and what to do about it, in a sentence for the user.
    public var description: String {
        switch self {
        case .notADatabase(let path):
            return "\(path) is not an entries database (not SQLite): choose another file"
        case .foreignDatabase(let path):
            return "\(path) is an SQLite database of another application (it has no entries tables); "
                + "it was left untouched: choose another file"
        case .corrupt(let path, let detail):
            // SQLite's reports (quick_check's among them) can span lines; an error is one line.
            let oneLine = detail.split(whereSeparator: \.isNewline).joined(separator: " ")
            return "\(path) is damaged (\(oneLine)): restore it from a backup, or export what can still be read"
        case .locked(let path):
            return "\(path) is locked by another program that is writing to it: try again when it has finished"
        case .readOnly(let path):
            return "\(path) is read-only: cannot add/edit/delete"
        case .newerSchema(let path):
            return "\(path) was written by a newer version of entries: update entries to open it"
        case .needsUpgrade(let path):
            return
                "\(path) was written by an older version of entries: open it once without read-only mode to upgrade it"
        case .cannotCreate(let path, let reason):
            return "cannot create the database \(path): \(reason)"
        case .cannotOpen(let path, let reason):
            return "cannot open the database \(path): \(reason)"
        case .notFound(let id):
            return "no entry with id \(id)"
        case .notInTrash(let id):
            return
                "entry \(id) is not in the trash (it was never deleted, was restored already, or the trash was emptied since)"
        case .invalidSearch(let query):
            return "cannot search for \(QuotedExcerpt.quoted(query)): use plain words"
        case .diskFull(let path):
            return "the disk holding \(path) is full: free some space and try again"
        case .changedOutsideEntries(let path, let object, let readable):
            return "\(path) was changed outside entries: \(object); it was left untouched: "
                + (readable
                    ? "export its entries (entries export) or restore it from a backup" : "restore it from a backup")
        case .tooSlow(let path, let seconds):
            return
                "\(path): a query ran longer than \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) s "
                + "and was stopped (the file may be damaged or changed outside entries): "
                + "try again, and if it happens again restore it from a backup"
        case .searchTooSlow(let seconds):
            return
                "the search ran longer than \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)) s and was stopped: "
                + "look for fewer words, or rarer ones"
        case .cannotConnect(let server, let reason):
            return "cannot connect to \(server): \(reason)"
        case .foreignServerDatabase(let server):
            return "\(server) is a database of another application (it has no entries tables); "
                + "it was left untouched: choose another database"
        case .changedMeanwhile(let id, let title, let by, let at):
            return "entry \(id) (\(QuotedExcerpt.quoted(title))) was changed by \(by.isEmpty ? "someone else" : by) at "
                + "\(ISO8601DateFormatter().string(from: at)) since you opened it: your change was not saved; "
                + "open it again and redo the change"
        case .other(let message):
            return message
        }
    }
}
