import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much room is left where a database lives: SQLite reports some writes that found no room as
/// an I/O error rather than SQLITE_FULL (growing the `-shm` index, mapping it, a WAL frame), and a
/// disk with no room left is what the user must hear about.
enum DiskSpace {
    /// Less room than this is full: no WAL frame (a page and its header) or index page would fit.
    static let fullBelowBytes: UInt64 = 64 * 1024

    /// True when the file system holding `path` (or, for a file not made yet, its folder) has less
    /// than ``fullBelowBytes`` free for this user (root may use the blocks reserved for it).
    static func isFull(around path: String) -> Bool {
        var info = statvfs()
        var place = path
        while statvfs(place, &info) != 0 {
            let folder = (place as NSString).deletingLastPathComponent
            guard !folder.isEmpty, folder != place else { return false }
            place = folder
        }
        let blocks = geteuid() == 0 ? UInt64(info.f_bfree) : UInt64(info.f_bavail)
        return blocks * UInt64(info.f_frsize) < fullBelowBytes
    }
}
