import EntryModel
import SQLiteStore
import Foundation

/// A temporary SQLite database of `count` entries, built once with the bulk insert: entry `n`
/// (1-based) is titled "Entry 0000042" (seven digits), created `n` seconds after 1 January 2026, and
/// every tenth one is tagged "tenth". So in the newest-first order, row `i` is entry `count - i`.
struct MillionEntryDatabase {
    let directory: URL
    let path: String
    let count: Int

    static func build(count: Int) throws -> MillionEntryDatabase {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("entries-context-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("million.sqlite").path
        let database = try EntryDatabase(path: path)
        var drafts: [EntryDraft] = []
        drafts.reserveCapacity(count)
        for number in 1...count {
            let date = Samples.date(day: 0).addingTimeInterval(Double(number))
            drafts.append(
                EntryDraft(
                    title: title(number), tags: number % 10 == 0 ? ["tenth"] : [],
                    createdAt: date, updatedAt: date))
        }
        try database.entries.insert(contentsOf: drafts, progress: nil)
        try database.close()
        return MillionEntryDatabase(directory: directory, path: path, count: count)
    }

    /// "Entry 0000042".
    static func title(_ number: Int) -> String {
        let digits = String(number)
        return "Entry " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
