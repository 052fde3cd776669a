import EntryModel
import SQLiteCipher
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
        /// An encrypted journal: a file starting with the header of ``JournalKey`` (ENCRYPTION.md).
        case encrypted
    }

    /// The first 16 bytes of every SQLite 3 database file. See <https://www.sqlite.org/fileformat.html>.
    static let header = Array("SQLite format 3\0".utf8)
    /// The first 16 bytes of every encrypted journal (`Encryption/ENCRYPTION.md`).
    static let encryptedHeader = Array("EntriesEncrypted".utf8)

    /// Looks at `path` without modifying anything; throws when it is a folder, a FIFO, a device or a
    /// socket, unreadable, or not SQLite. Never blocks: the type is read with `stat` before any
    /// `open`, and the open is non-blocking (a FIFO put there in between is not waited on).
    static func inspect(_ path: String) throws -> State {
        guard let kind = FileKind(path) else { return .missing }
        if kind == .directory {
            throw EntryStoreError.cannotCreate(path: path, reason: "it is a folder, not a file")
        }
        guard kind == .regular else {
            throw EntryStoreError.cannotOpen(path: path, reason: "it is \(kind.description), not a file: choose a file")
        }
        for sidecar in [path + "-wal", path + "-shm"] {
            if let sidecarKind = FileKind(sidecar), sidecarKind != .regular {
                throw EntryStoreError.cannotOpen(
                    path: path, reason: "\(sidecar) is \(sidecarKind.description), not a file")
            }
        }
        let start: [UInt8]
        do {
            start = try readStart(of: path, count: header.count)
        } catch let error as POSIXError where error.code == .EACCES {
            throw EntryStoreError.cannotOpen(path: path, reason: "permission denied")
        } catch {
            throw EntryStoreError.cannotOpen(path: path, reason: "\(error.localizedDescription)")
        }
        if start.isEmpty { return .empty }
        if start == encryptedHeader { return .encrypted }
        guard start == header else { throw EntryStoreError.notADatabase(path: path) }
        return .sqlite
    }

    /// True when the database at `path` is in WAL mode: bytes 18 and 19 of its header (the file
    /// format's write and read versions) are 2. See <https://www.sqlite.org/fileformat.html#file_format_version_numbers>.
    static func isInWALMode(_ path: String) -> Bool {
        guard let start = try? readStart(of: path, count: 20), start.count == 20 else { return false }
        return start[18] == 2 && start[19] == 2
    }

    /// Up to `count` bytes from the start of the file. Read through SQLite's own file layer
    /// (`entries_sqlite_read_start`): this process may have the journal open already, and a plain
    /// close() of another descriptor of the file would drop SQLite's locks on it. Never blocks:
    /// anything but a regular file is refused by stat() before any open.
    private static func readStart(of path: String, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBufferPointer { entries_sqlite_read_start(path, $0.baseAddress, Int32(count)) }
        guard got >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: -got) ?? .EIO) }
        return Array(bytes.prefix(Int(got)))
    }

    /// Creates the folders leading to `path` that are missing, each readable by its owner only
    /// (0700: a journal is a diary). An existing folder's mode is left as it is.
    static func createFolder(for path: String) throws {
        let folder = folder(of: path)
        guard !folder.isEmpty else { return }
        if let kind = FileKind(folder) {
            if kind != .directory {
                throw EntryStoreError.cannotCreate(path: path, reason: "\(folder) is a file, not a folder")
            }
            return
        }
        try createFolder(for: folder)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            let reason = String(cString: strerror(errno))
            throw EntryStoreError.cannotCreate(path: path, reason: "cannot create the folder \(folder): \(reason)")
        }
    }

    /// Creates the empty file of a new database, readable and writable by its owner only (0600);
    /// SQLite then makes a new database in it, and its `-wal` and `-shm` files take the same mode.
    /// Returns false when another program created the file meanwhile (it is then theirs, and left
    /// as they made it).
    static func createPrivateFile(at path: String) throws -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return false }
            throw EntryStoreError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        return true
    }

    /// Where the journal named `path` lives: `path` itself, or, when it is a symbolic link, where
    /// its chain of links ends, also when that end does not exist yet. Every file of the journal is
    /// then made and looked for there, where SQLite (which follows links too) puts its own, so none is
    /// left beside the link and none is created through it by SQLite with SQLite's own mode.
    /// Only the last name is followed: links in the folders above lead to the same folder either way.
    static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, Int(PATH_MAX))
            guard length > 0 else {
                throw EntryStoreError.cannotOpen(
                    path: path, reason: "its symbolic link cannot be read (\(String(cString: strerror(errno))))")
            }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let folder = folder(of: current)
            current = target.hasPrefix("/") || folder.isEmpty ? target : (folder == "/" ? "/" : folder + "/") + target
        }
        throw EntryStoreError.cannotOpen(
            path: path, reason: "its symbolic links go round in a loop (or more than 40 lead one to the next)")
    }

    /// Whether this process may write the file or folder (false for `chmod 444` unless running as
    /// root). `access(2)` itself: Foundation's `isWritableFile` gets there too, but its first call on
    /// Linux costs a start 0.1 ms of runtime type lookups.
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it ("" for a bare file
    /// name, "/" for a file at the root), without bridging to `NSString` on the open's path.
    static func folder(of path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        var folder = path[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}

/// What kind of thing is at a path (after following symbolic links), read with `stat`.
enum FileKind: Equatable {
    case regular, directory, fifo, characterDevice, blockDevice, socket, other

    /// nil when nothing is there (or a symbolic link leads nowhere).
    init?(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// "a named pipe (FIFO)", as an error message says it.
    var description: String {
        switch self {
        case .regular: return "a file"
        case .directory: return "a folder"
        case .fifo: return "a named pipe (FIFO)"
        case .characterDevice, .blockDevice: return "a device"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        }
    }
}

extension DatabaseFile {
    /// `path` with the characters a URI file name gives meaning to escaped (`%`, `?`, `#`).
    /// See <https://www.sqlite.org/uri.html>.
    static func escapedForURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
