import EntryModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MarkdownFolder {
    /// Writes entries into a folder, one file each (see ``MarkdownNoteFormat``), all or nothing: the
    /// files go into a hidden staging folder on the same disk, and only ``finish()`` puts them in place
    /// (one `rename(2)` of the whole folder when the target is new or empty; one rename per file into
    /// a folder that is not, with `force`). An export that fails or is killed leaves the target as it
    /// was (``abandon()`` removes the staging folder).
    ///
    /// Why it is shaped this way (100,000 files, issue 15): a file costs one `openat` relative to the
    /// staging folder's descriptor, one `write` and one `close` — no path lookups, no `stat`, no
    /// temporary file per file, no `fsync` per file; one `syncfs` before the rename makes the whole
    /// folder durable at once.
    public final class Writer {
        /// The folder the files end up in.
        public let folder: URL
        /// How many files have been written.
        public private(set) var count = 0

        private let stagingPath: String
        private let stagingDescriptor: Int32
        private let placement: Placement
        private var names: [String] = []
        private var finished = false

        /// How the staged files reach the target.
        private enum Placement {
            /// The target is absent or an empty folder: the staging folder (beside it) is renamed over it.
            case replaceFolder(existingMode: mode_t?)
            /// The target holds files (with `force`) or is a link to a folder: the staging folder is
            /// inside it, and each file is renamed into it.
            case moveFilesInto
        }

        /// Creates the staging folder; a target with anything in it is refused unless `force` (then
        /// files of the same names are replaced, others left alone).
        public init(folder path: String, force: Bool) throws(Problem) {
            folder = URL(fileURLWithPath: path, isDirectory: true)
            let target = folder.standardizedFileURL.path
            let parent = (target as NSString).deletingLastPathComponent
            var status = stat()
            let placement: Placement
            if lstat(target, &status) == 0 {
                let isLink = status.st_mode & S_IFMT == S_IFLNK
                if isLink, stat(target, &status) != 0 {
                    throw Problem(file: visible(path), reason: "is a link to nothing")
                }
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw Problem(file: visible(path), reason: "is a file, not a folder")
                }
                let contents = (try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []
                if !contents.isEmpty, !force {
                    throw Problem(
                        file: visible(path),
                        reason:
                            "is not empty (\(contents.count) \(contents.count == 1 ? "item" : "items")); give --force to write into it (files of the same names are replaced)"
                    )
                }
                placement =
                    isLink || !contents.isEmpty || access(parent, W_OK) != 0
                    ? .moveFilesInto : .replaceFolder(existingMode: status.st_mode & 0o7777)
            } else {
                do {
                    try FileManager.default.createDirectory(
                        atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                } catch {
                    throw Problem(file: visible(path), reason: "cannot be created: \(error.localizedDescription)")
                }
                placement = .replaceFolder(existingMode: nil)
            }
            self.placement = placement
            let stagingFolder: String
            switch placement {
            case .replaceFolder: stagingFolder = parent
            case .moveFilesInto: stagingFolder = target
            }
            let name = ".\(folder.lastPathComponent).entries-export-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            stagingPath = (stagingFolder as NSString).appendingPathComponent(name)
            guard mkdir(stagingPath, 0o700) == 0 else {
                throw Problem(file: visible(path), reason: "cannot be written: \(String(cString: strerror(errno)))")
            }
            stagingDescriptor = open(stagingPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard stagingDescriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                rmdir(stagingPath)
                throw Problem(file: visible(path), reason: "cannot be written: \(reason)")
            }
        }

        deinit {
            close(stagingDescriptor)
            if !finished { removeStaging() }
        }

        /// Writes one entry's file into the staging folder (readable by you only, as the journal).
        public func write(_ entry: Entry) throws(Problem) {
            let name = MarkdownNoteFormat.fileName(of: entry)
            let bytes = MarkdownNoteFormat.bytes(of: entry)
            let descriptor = openat(
                stagingDescriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { throw failure(name) }
            let written = bytes.withUnsafeBytes { buffer -> Bool in
                guard let start = buffer.baseAddress else { return true }  // no bytes: nothing to write
                var offset = 0
                while offset < buffer.count {
                    let result = Foundation.write(descriptor, start + offset, buffer.count - offset)
                    if result < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += result
                }
                return true
            }
            let writeError = errno
            guard close(descriptor) == 0, written else {
                errno = written ? errno : writeError
                throw failure(name)
            }
            names.append(name)
            count += 1
        }

        /// Puts the files in place once every one is written and on the disk.
        public func finish() throws(Problem) {
            guard !finished else { return }
            guard Self.syncFileSystem(of: stagingDescriptor) == 0 else { throw failure(nil) }
            let target = folder.standardizedFileURL.path
            switch placement {
            case let .replaceFolder(existingMode):
                if let existingMode { fchmod(stagingDescriptor, existingMode) }
                // rename(2) replaces an empty folder in one step; one that gained files meanwhile is refused.
                guard rename(stagingPath, target) == 0 else { throw failure(nil) }
                finished = true
                syncFolder((target as NSString).deletingLastPathComponent)
            case .moveFilesInto:
                try moveFilesIntoTarget(target)
            }
        }

        /// Removes the staging folder and what was written into it; the target is as it was.
        public func abandon() {
            guard !finished else { return }
            finished = true
            removeStaging()
        }

        /// Renames each staged file into the target; a name the target holds as a folder (or anything
        /// but a file) is refused before any file moves.
        private func moveFilesIntoTarget(_ target: String) throws(Problem) {
            let targetDescriptor = open(target, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard targetDescriptor >= 0 else { throw failure(nil) }
            defer { close(targetDescriptor) }
            var status = stat()
            for name in names where fstatat(targetDescriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                guard status.st_mode & S_IFMT == S_IFREG else {
                    throw Problem(
                        file: visible((target as NSString).appendingPathComponent(name)),
                        reason: "is in the way: not a file, so it cannot be replaced")
                }
            }
            for name in names {
                guard renameat(stagingDescriptor, name, targetDescriptor, name) == 0 else { throw failure(name) }
            }
            finished = true
            rmdir(stagingPath)
            fsync(targetDescriptor)
        }

        private func removeStaging() {
            for name in names { unlinkat(stagingDescriptor, name, 0) }
            try? FileManager.default.removeItem(atPath: stagingPath)
        }

        /// `syncfs(2)`: every file of the disk the descriptor is on, written out in one call (Linux). Swift's
        /// Glibc does not declare it, so it is looked up once; elsewhere `fsync` of the folder.
        private static func syncFileSystem(of descriptor: Int32) -> Int32 {
            typealias SyncFS = @convention(c) (Int32) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") {
                return unsafeBitCast(symbol, to: SyncFS.self)(descriptor)
            }
            return fsync(descriptor)
        }

        private func syncFolder(_ path: String) {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            fsync(descriptor)
            close(descriptor)
        }

        /// The problem after a failed system call (`errno`), named by the file or by the folder.
        private func failure(_ name: String?) -> Problem {
            let reason = String(cString: strerror(errno))
            guard let name else { return Problem(file: visible(folder.path), reason: "cannot be written: \(reason)") }
            return Problem(file: visible(name), reason: "cannot be written in \(visible(folder.path)): \(reason)")
        }
    }
}
