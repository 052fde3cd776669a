import EntryModel
import Foundation

/// A fresh directory for one test's database file (and storyboard overrides), removed at the end.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("AppFactoryTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databasePath: String { url.appendingPathComponent("entries.sqlite").path }

    /// Writes `text` to `name` in the directory and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A fresh directory whose database holds ``KnownEntries/drafts``.
    static func withKnownEntries() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try KnownEntries.seed(at: directory.databasePath)
        return directory
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
