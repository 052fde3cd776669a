import EntryInterchange
import EntryModel
import Foundation
import FuzzSupport

/// The checks every import harness makes of a file it read, as `entries import` reads it.
///
/// - An import that fails says where, inside the file: its line and column (when it gives them) are
///   places in the text.
/// - Read streamed, through an `ImportWindow` fed in small pieces (as a large file or a zip member is
///   read), the file gives the same entries, or fails with the same error, as read whole.
/// - An import that succeeds round-trips: its entries, stored (in the in-memory repository, which
///   stores as SQLite does: tags normalized, dates to the millisecond), exported in `export` and
///   imported and stored again, are the same entries.
public enum ImportRoundTrip {
    /// The instant given to entries whose file gives no date (the stores take "now").
    static let now = Date(timeIntervalSince1970: 1_717_400_000)

    /// Reads `data` as `format` whole and streamed, checks the error's place or the round trip through
    /// `export`, and returns the drafts read (nil when the import failed).
    @discardableResult
    public static func check(
        _ data: Data, as format: ImportFormat, through export: ExportFormat, readSize: Int
    ) -> [EntryDraft]? {
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        let whole: Result<[EntryDraft], ImportError>
        do throws(ImportError) {
            whole = .success(try format.drafts(from: data, timeZone: utc))
        } catch {
            whole = .failure(error)
        }
        let streamed = streamedDrafts(data, as: format, readSize: readSize, timeZone: utc)
        switch (whole, streamed) {
        case (.success(let drafts), .success(let streamedDrafts)):
            fuzzCheck(
                drafts == streamedDrafts,
                "read streamed, the file gives other entries: \(drafts) whole, \(streamedDrafts) streamed")
            checkRoundTrip(drafts, through: export)
            return drafts
        case (.failure(let error), .failure(let streamedError)):
            fuzzCheck(
                error == streamedError,
                "read streamed, the file fails otherwise: \(error) whole, \(streamedError) streamed")
            checkPlace(of: error, in: data)
            return nil
        default:
            fuzzFailure(
                "read whole and streamed, the file gives different outcomes: \(whole) whole, \(streamed) streamed")
        }
    }

    /// The drafts read through an `ImportWindow` fed `readSize` bytes at a time.
    static func streamedDrafts(
        _ data: Data, as format: ImportFormat, readSize: Int, timeZone: TimeZone
    ) -> Result<[EntryDraft], ImportError> {
        var drafts: [EntryDraft] = []
        do {
            let window = try ImportWindow(readingFrom: PieceSource(data, pieceSize: readSize), readSize: readSize)
            try format.read(window, timeZone: timeZone) { drafts.append($0) }
            return .success(drafts)
        } catch let error as ImportError {
            return .failure(error)
        } catch {
            fuzzFailure("a streamed import threw something other than an ImportError: \(error)")
        }
    }

    /// An import error's line and column are places in the file.
    public static func checkPlace(of error: ImportError, in data: Data) {
        let lines = TextLines(bytes: Array(data))
        fuzzCheck(!error.reason.isEmpty, "an import error without a reason: \(error)")
        if let line = error.line {
            fuzzCheck(
                line >= 1 && line <= lines.maximumLine,
                "an import error on a line past the file's \(lines.maximumLine): \(error)")
        }
        if let column = error.column {
            fuzzCheck(
                column >= 1 && column <= max(lines.maximumColumn, 2),
                "an import error at a column past the longest line's \(lines.maximumColumn): \(error)")
        }
    }

    /// Stored, exported, imported and stored again, `drafts` are the same entries.
    public static func checkRoundTrip(_ drafts: [EntryDraft], through export: ExportFormat) {
        let first = stored(drafts)
        let bytes = EntryExporter.bytes(of: first, format: export)
        let reimported: [EntryDraft]
        guard let importFormat = ImportFormat(rawValue: export.rawValue) else {
            fuzzFailure("the \(export) export has no import format of the same name")
        }
        do throws(ImportError) {
            reimported = try importFormat.drafts(from: Data(bytes), timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
        } catch {
            fuzzFailure(
                "the \(export) export of an imported file does not import: \(error)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)"
            )
        }
        let second = stored(reimported)
        fuzzCheck(first.count == second.count, "\(first.count) entries became \(second.count) through \(export)")
        for (before, after) in zip(first, second) {
            fuzzCheck(same(before, after), "an entry changed through \(export):\n\(before)\n\(after)")
        }
    }

    /// The entries the app stores for `drafts`, oldest first (the export's order).
    public static func stored(_ drafts: [EntryDraft]) -> [Entry] {
        let repository = InMemoryEntryRepository(entries: drafts, clock: { now })
        var entries: [Entry] = []
        do {
            try repository.forEachEntry { entries.append($0) }
        } catch {
            fuzzFailure("the in-memory repository failed to list its entries: \(error)")
        }
        return entries
    }

    /// Everything but the id (a re-imported entry is a new one).
    public static func same(_ a: Entry, _ b: Entry) -> Bool {
        a.title == b.title && a.body == b.body && a.moreDetails == b.moreDetails && a.tags == b.tags
            && a.createdAt == b.createdAt && a.updatedAt == b.updatedAt && a.starred == b.starred
    }
}

/// A byte source handing out `data` a few bytes at a time, as a pipe or a zip member's inflater may.
final class PieceSource: ImportByteSource {
    private let data: Data
    private let pieceSize: Int
    private var offset = 0

    init(_ data: Data, pieceSize: Int) {
        self.data = data
        self.pieceSize = max(1, pieceSize)
    }

    func read(upToCount count: Int) throws -> Data? {
        guard offset < data.count else { return nil }
        let end = min(data.count, offset + min(count, pieceSize))
        defer { offset = end }
        return data.subdata(in: (data.startIndex + offset)..<(data.startIndex + end))
    }
}
