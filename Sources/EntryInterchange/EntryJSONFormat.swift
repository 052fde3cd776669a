import EntryModel
import Foundation

/// The app's own JSON: an array of entry objects.
///
/// ```json
/// [
/// {"id":1,"title":"Hello","body":"…","moreDetails":"","tags":["a"],"createdAt":"2024-01-05T09:30:00.000Z","updatedAt":"2024-01-05T09:30:00.000Z"}
/// ]
/// ```
/// A starred entry ends with `"starred":true` (an unstarred one has no such member, so files from
/// before stars read and write back the same).
/// On import `title` is required and non-empty; `body`, `moreDetails`, `tags`, the dates, `starred` and `id` are
/// optional (null counts as absent); `id` is ignored because imported entries are new entries; other
/// fields are refused. Export → import → export gives the same bytes.
public enum EntryJSONFormat {
    /// The fields a record may have.
    public static let fieldNames = ["id", "title", "body", "moreDetails", "tags", "createdAt", "updatedAt", "starred"]

    /// The drafts in `data`, in file order, or the first problem (record number, line, field, reason).
    public static func drafts(from data: Data) throws(ImportError) -> [EntryDraft] {
        try DraftCollection.collect { sink in try read(ImportWindow(data: data), into: sink) }
    }

    /// Hands each record of the file to `sink` as a draft, in file order, as it is read; stops at the
    /// first problem (an ``ImportError``: record number, line, field, reason) or the first error of
    /// `sink`, thrown as it was.
    static func read(_ window: ImportWindow, into sink: (EntryDraft) throws -> Void) throws {
        let isEmpty = try window.parseJSON { parser in
            parser.skipWhitespace()
            guard parser.currentByte == UInt8(ascii: "[") else {
                throw parser.error("`[` (the file must be a JSON array of entry objects)")
            }
            try parser.expect(UInt8(ascii: "["), "`[`")
            parser.skipWhitespace()
            guard parser.currentByte == UInt8(ascii: "]") else { return false }
            try parser.expect(UInt8(ascii: "]"), "`]`")
            return true
        }
        var record = 0
        if !isEmpty {
            while true {
                record += 1
                let (value, recordStart) = try window.parseJSON(record: record) { parser in
                    parser.skipWhitespace()
                    let recordStart = parser.index
                    return (try parser.parseValue(), recordStart)
                }
                let draft: EntryDraft
                do throws(FieldProblem) {
                    draft = try self.draft(from: value)
                } catch {
                    throw error.located(record: record, line: window.position(of: recordStart).line)
                }
                try sink(draft)
                let more = try window.parseJSON(record: record) { parser in
                    parser.skipWhitespace()
                    guard parser.currentByte == UInt8(ascii: ",") else {
                        try parser.expect(UInt8(ascii: "]"), "`,` or `]`")
                        return false
                    }
                    try parser.expect(UInt8(ascii: ","), "`,`")
                    return true
                }
                if !more { break }
            }
        }
        try window.parseJSON(record: record > 0 ? record : nil) { parser in
            parser.skipWhitespace()
            guard parser.isAtEnd else { throw parser.error("the end of the file after the array") }
        }
    }

    /// One record as a draft (also used by the JSON Lines format).
    static func draft(from value: JSONValue) throws(FieldProblem) -> EntryDraft {
        let fields = try JSONFieldReader(value)
        try fields.rejectUnknownFields(known: fieldNames)
        try fields.ignoredNumber("id")
        return EntryDraft(
            title: try fields.title(),
            body: try fields.optionalString("body") ?? "",
            moreDetails: try fields.optionalString("moreDetails") ?? "",
            tags: try fields.tags(),
            createdAt: try fields.date("createdAt"),
            updatedAt: try fields.date("updatedAt"),
            starred: try fields.bool("starred")
        )
    }
}
