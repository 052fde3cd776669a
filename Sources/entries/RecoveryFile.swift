import AppShell
import Foundation

/// Keeps text that could not be saved as an entry, so nothing typed is lost.
enum RecoveryFile {
    /// Writes `text` to a new file only the user can read (0600: it is a diary entry) in the
    /// temporary folder (`folder`: an encrypted journal's is in memory), named after `name`; returns
    /// its path, or nil when even that fails.
    static func save(_ text: String, name: String, in folder: URL = FileManager.default.temporaryDirectory) -> String? {
        let url = folder
            .appendingPathComponent("entries-\(name)-\(UUID().uuidString.prefix(8)).txt")
        do {
            try PrivateFile.create(at: url.path, contents: Data(text.utf8))
            return url.path
        } catch {
            return nil
        }
    }
}
