import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A new file only its owner can read and write (mode 0600), for text that is nobody else's business:
/// a diary entry in an editor's temporary file, or text kept because it could not be saved.
///
/// Foundation's `Data.write(to:)` creates files 0666 minus the umask, 0644 on most systems: readable by
/// every user of the machine. Here the file is created 0600 from the start (`open` with `O_EXCL`, so
/// an existing file or a planted symbolic link is refused rather than written through).
public enum PrivateFile {
    /// Creates the file at `path` with `contents`; fails when something is already there.
    public static func create(at path: String, contents: Data) throws(PrivateFileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var written = 0
        let failure: Int32? = contents.withUnsafeBytes { raw -> Int32? in
            guard let base = raw.baseAddress else { return nil }
            while written < raw.count {
                let count = write(descriptor, base + written, raw.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure {
            unlink(path)
            throw PrivateFileError(path: path, reason: String(cString: strerror(failure)))
        }
    }
}

/// Why a private file could not be created.
public struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path of the file that could not be written.
    public var path: String
    /// The system's reason (`strerror` of the failed call), such as "Permission denied".
    public var reason: String

    /// `cannot write <path>: <reason>`.
    public var description: String { "cannot write \(path): \(reason)" }
}
