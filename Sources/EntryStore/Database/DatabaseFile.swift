import Foundation

/// What is at a database path before SQLite is allowed to touch it.
enum DatabaseFile {
    /// The state of the path.
    enum State: Equatable {
        /// Nothing there: a new database will be created.
        case missing
        /// An empty file (e.g. made by `touch`): SQLite treats it as a new, empty database.
        case empty
        /// A file starting with the SQLite header.
        case sqlite
    }

    /// The first 16 bytes of every SQLite 3 database file. See <https://www.sqlite.org/fileformat.html>.
    static let header = Array("SQLite format 3\0".utf8)

    /// Looks at `path` without modifying anything; throws when it is a folder, unreadable, or not SQLite.
    static func inspect(_ path: String) throws -> State {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        if isDirectory.boolValue {
            throw EntryStoreError.cannotCreate(path: path, reason: "it is a folder, not a file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw EntryStoreError.cannotOpen(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let start: Data
        do {
            start = try handle.read(upToCount: header.count) ?? Data()
        } catch {
            throw EntryStoreError.cannotOpen(path: path, reason: "\(error.localizedDescription)")
        }
        if start.isEmpty { return .empty }
        guard Array(start) == header else { throw EntryStoreError.notADatabase(path: path) }
        return .sqlite
    }

    /// Creates the folders leading to `path`.
    static func createFolder(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                throw EntryStoreError.cannotCreate(path: path, reason: "\(folder) is a file, not a folder")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw EntryStoreError.cannotCreate(path: path, reason: "cannot create the folder \(folder): \(reason(error))")
        }
    }

    /// Whether this process may write the file (false for `chmod 444` unless running as root).
    static func isWritable(_ path: String) -> Bool {
        FileManager.default.isWritableFile(atPath: path)
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain,
           let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
