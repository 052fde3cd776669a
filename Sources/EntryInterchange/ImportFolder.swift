import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder given to `entries import` (a folder of Markdown notes, an unzipped Day One export), whose
/// files are listed and opened so that the import never leaves the folder and never waits.
///
/// The folder itself is where the user pointed (a link to it is followed, as the user chose it). Inside
/// it, no symbolic link is followed: a file is opened one name at a time from the folder down, each
/// with `O_NOFOLLOW` (`openat`), so a link anywhere on its path is refused, also one put there
/// between the listing and the read. A file is opened non-blocking and kept only when `fstat` on the
/// open descriptor says it is a regular file: a FIFO, a device or a socket named like a note is
/// refused, never waited on. Links are refused rather than skipped so that an import never quietly
/// leaves out a note the user sees in the folder.
public struct ImportFolder: Sendable {
    /// The folder, as given.
    public let path: String

    /// The folder at `path`; nothing is opened or checked until a file is listed or read.
    public init(path: String) {
        self.path = path
    }

    /// Why a file of the folder is not read: the file (relative to the folder) and the reason.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The file refused, relative to the folder.
        public var file: String
        /// Why it was refused (a link, not a regular file, cannot be opened...).
        public var reason: String
        /// `file: reason`.
        public var description: String { "\(file): \(reason)" }
    }

    /// A regular file of the folder, open for reading.
    public struct OpenedFile {
        /// The open file, read-only, closed when the handle is released.
        public let handle: FileHandle
        /// Its modification time, from the open descriptor.
        public let modified: Date

        /// Its bytes, read to the end.
        public func readAll() throws -> Data {
            try handle.readToEnd() ?? Data()
        }
    }

    /// What a listed name is, as `lstat` sees it (never following a link).
    public enum Kind: Sendable, Equatable {
        case file, folder, link, other
    }

    /// The names in the folder at `relative` ("" for the folder itself) and what each is, without
    /// following links; an unreadable folder lists nothing.
    public func contents(of relative: String = "") -> [(name: String, kind: Kind)] {
        let folder = relative.isEmpty ? path : path + "/" + relative
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.map { name in
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0 else { return (name, .other) }
            switch status.st_mode & S_IFMT {
            case S_IFREG: return (name, .file)
            case S_IFDIR: return (name, .folder)
            case S_IFLNK: return (name, .link)
            default: return (name, .other)
            }
        }
    }

    /// Whether the link at `relative` leads to a folder (for the message that refuses it).
    public func linkLeadsToFolder(_ relative: String) -> Bool {
        var status = stat()
        return stat(path + "/" + relative, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The refusal of the link at `relative`: links are never followed.
    public func linkRefusal(_ relative: String) -> Refusal {
        let what = linkLeadsToFolder(relative) ? "a symbolic link to a folder" : "a symbolic link"
        return Refusal(
            file: relative,
            reason: "is \(what); an import reads only the files inside the folder it is given "
                + "and follows no link (copy what it points to into the folder, or remove the link)")
    }

    /// Opens the regular file at `relative` (names separated by `/`) inside the folder, following no
    /// link on the way and waiting on nothing.
    public func open(_ relative: String) throws(Refusal) -> OpenedFile {
        let names = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let last = names.last, !names.contains("..") else {
            throw Refusal(file: relative, reason: "is not a file inside the folder")
        }
        var directory = openFolder(path)
        guard directory >= 0 else {
            throw Refusal(
                file: relative,
                reason: "cannot be read: the folder cannot be opened (\(String(cString: strerror(errno))))")
        }
        var reached: [String] = []
        for name in names.dropLast() {
            reached.append(name)
            let next = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            close(directory)
            guard next >= 0 else { throw refusal(failure, at: reached.joined(separator: "/"), file: relative) }
            directory = next
        }
        let descriptor = openat(directory, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        let failure = errno
        close(directory)
        guard descriptor >= 0 else { throw refusal(failure, at: relative, file: relative) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Refusal(file: relative, reason: "cannot be read (\(reason))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw Refusal(
                file: relative,
                reason: "is \(Self.describe(status.st_mode)), not a file; an import reads only regular files")
        }
        // A regular file ignores O_NONBLOCK; cleared all the same, so that no read can see EAGAIN.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let modified = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
        return OpenedFile(handle: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), modified: modified)
    }

    /// The refusal for an `openat` that failed with `failure` at `reached` (a folder on the way, or the file).
    private func refusal(_ failure: Int32, at reached: String, file: String) -> Refusal {
        if failure == ELOOP || failure == ENOTDIR {
            var status = stat()
            if lstat(path + "/" + reached, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                var refusal = linkRefusal(reached)
                refusal.file = reached
                return refusal
            }
        }
        if failure == EACCES { return Refusal(file: file, reason: "cannot be read (permission denied)") }
        return Refusal(file: file, reason: "cannot be read (\(String(cString: strerror(failure))))")
    }

    /// "a named pipe (FIFO)", as a message says the kind of a file.
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }
}

/// `open(2)` of a folder (outside ``ImportFolder``, whose own `open` would hide the system's).
private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}
