import AppShell
import Foundation

/// Keeps text that could not be saved as an entry, so nothing typed is lost.
enum RecoveryFile {
    /// Writes `text` to a new file only the user can read (0600: it is a diary entry) in `folder`
    /// (``DatabaseAccess/recoveryDirectory``; made, 0700, when missing), named after `name`; returns
    /// its path. When the folder cannot be made or written, the temporary folder; nil when even that fails.
    static func save(_ text: String, name: String, in folder: URL) -> String? {
        let fileName = "entries-\(name)-\(UUID().uuidString.prefix(8)).txt"
        for candidate in [folder, FileManager.default.temporaryDirectory] {
            do {
                try FileManager.default.createDirectory(
                    at: candidate, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let url = candidate.appendingPathComponent(fileName)
                try PrivateFile.create(at: url.path, contents: Data(text.utf8))
                return url.path
            } catch {
                continue
            }
        }
        return nil
    }

    /// The data folder's `recovered` folder: `$XDG_DATA_HOME/entries/recovered` (when absolute, as the
    /// XDG spec requires), else `~/.local/share/entries/recovered`. Unlike the temporary folder, it
    /// survives a restart and is not shared with other users.
    static func dataFolder(environment: [String: String]) -> URL {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome).appendingPathComponent("entries/recovered")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/entries/recovered")
    }
}
