import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written beside its final path and renamed into place when complete, so a failed export
/// never leaves half a file where the old one was.
struct OutputFile {
    let path: String

    private var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial").path
    }

    func begin() throws -> FileHandle {
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            let reason = FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                ? "permission denied" : "no such folder"
            throw CommandError.cannotWrite(path: path, reason: reason)
        }
        return handle
    }

    func commit(_ handle: FileHandle) throws {
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
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }
}
