import EntryInterchange
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written beside its final path and renamed into place when complete, so a failed export
/// never leaves half a file where the old one was. A device or FIFO (`/dev/null`, `/dev/stdout`, a
/// named pipe) is written into directly instead.
///
/// Its mode: an export holds the whole journal, so a new file is 0600 (only its owner reads it, as the
/// journal itself); a file replaced keeps the mode it had, so `export --output` never widens who can
/// read it (a 0600 file stays 0600, a 0644 one stays 0644).
struct OutputFile {
    let path: String

    /// The mode of a new export file.
    static let newFileMode: mode_t = 0o600

    private var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
    }

    /// The mode the file will have: the existing file's, else ``newFileMode``.
    var mode: mode_t {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return Self.newFileMode }
        return status.st_mode & 0o7777
    }

    /// Whether `path` is something other than a file or a folder — a device (`/dev/null`,
    /// `/dev/stdout`), a FIFO, a socket — which is written into as it is: renaming a file over it would
    /// replace `/dev/null` itself for everyone (as root) instead of writing to it.
    var isSpecialFile: Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type != S_IFREG && type != S_IFDIR
    }

    func begin() throws -> FileHandle {
        if isSpecialFile {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw CommandError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        let mode = self.mode
        // A leftover from an export that was killed is ours to replace; O_EXCL then refuses anything
        // that appears in between (a link planted to make us write elsewhere).
        unlink(temporaryPath)
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let failure = errno
            let reason =
                !FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                ? "no such folder"
                : failure == EACCES || failure == ENOENT ? "permission denied" : String(cString: strerror(failure))
            throw CommandError.cannotWrite(path: path, reason: reason)
        }
        // The umask may have taken bits off; the mode is exactly the old file's (or 0600).
        _ = fchmod(descriptor, mode)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func commit(_ handle: FileHandle) throws {
        if isSpecialFile {
            // Written in place: nothing to rename.
            do {
                try handle.close()
            } catch {
                throw CommandError.cannotWrite(path: path, reason: FileErrorReason.describe(error))
            }
            return
        }
        do {
            try handle.close()
            // rename(2) replaces the old file in one step, whether or not it exists.
            guard rename(temporaryPath, path) == 0 else {
                throw CommandError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
            }
        } catch let error as CommandError {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw CommandError.cannotWrite(path: path, reason: FileErrorReason.describe(error))
        }
    }

    func abandon(_ handle: FileHandle) {
        try? handle.close()
        if isSpecialFile { return }
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }
}
