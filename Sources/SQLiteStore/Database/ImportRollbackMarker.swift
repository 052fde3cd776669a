import Foundation

/// The file beside a database that says an import of ours holds it in rollback-journal mode (see
/// ``ExclusiveImportJournal``), so that an open finding it after a kill may roll the import's hot
/// journal back and put WAL mode back before looking at the file.
///
/// Rolling back and switching modes write the file, and a file the app refuses must stay byte for
/// byte as it was. A marker is a plain file anyone can make, so it names the database it was made
/// for: the device and inode number of that file, which a copy, an unpacked archive or a file
/// made by someone else does not have. A marker that does not name the file beside it is ignored
/// (and left alone): the open then refuses a hot journal as it refuses any other program's.
struct ImportRollbackMarker {
    /// Markers are one short line; anything longer is not ours.
    private static let largestSize = 128

    let path: String
    private let databasePath: String

    init(databasePath: String) {
        self.databasePath = databasePath
        path = databasePath + "-import-rollback"
    }

    /// Makes the marker, private to its owner (0600), naming the database file. False when one is
    /// already there (another import's, or one an open will look at), or it cannot be written.
    func create() -> Bool {
        guard let identity = Self.identity(of: databasePath) else { return false }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(identity.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            remove()
            return false
        }
        return true
    }

    /// Whether a marker is there that names this database file (made for it, by an import of ours).
    var namesTheDatabase: Bool {
        // The marker first: on every open but an interrupted import's, there is none.
        guard let content = read(), let identity = Self.identity(of: databasePath) else { return false }
        return content == identity
    }

    func remove() {
        unlink(path)
    }

    /// The marker's content, if it is a regular file (not followed through a link) of at most
    /// ``largestSize`` bytes.
    private func read() -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_size <= Self.largestSize
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Self.largestSize + 1)
        let count = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0, count <= Self.largestSize else { return nil }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// "entries import of device D inode I": what the marker of the file at `path` says.
    private static func identity(of path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "entries import of device \(status.st_dev) inode \(status.st_ino)\n"
    }
}
