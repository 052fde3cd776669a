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
        try ImportText.withValidatedBytes(data) { (bytes, start) throws(ImportError) in
            var parser = JSONParser(bytes: bytes, index: start)
            var drafts: [EntryDraft] = []
            var record = 0
            do {
                parser.skipWhitespace()
                guard parser.currentByte == UInt8(ascii: "[") else {
                    throw parser.error("`[` (the file must be a JSON array of entry objects)")
                }
                try parser.expect(UInt8(ascii: "["), "`[`")
                parser.skipWhitespace()
                if parser.currentByte == UInt8(ascii: "]") {
                    try parser.expect(UInt8(ascii: "]"), "`]`")
                } else {
                    while true {
                        record += 1
                        parser.skipWhitespace()
                        let recordStart = parser.index
                        let value = try parser.parseValue()
                        do throws(FieldProblem) {
                            drafts.append(try draft(from: value))
                        } catch {
                            throw error.located(record: record, line: TextPosition.of(offset: recordStart, in: bytes).line)
                        }
                        parser.skipWhitespace()
                        if parser.currentByte == UInt8(ascii: ",") {
                            try parser.expect(UInt8(ascii: ","), "`,`")
                            continue
                        }
                        try parser.expect(UInt8(ascii: "]"), "`,` or `]`")
                        break
                    }
                }
                parser.skipWhitespace()
                guard parser.isAtEnd else { throw parser.error("the end of the file after the array") }
            } catch let error as JSONSyntaxError {
                throw error.importError(in: bytes, record: record > 0 ? record : nil)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(reason: "\(error)")
            }
            return drafts
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
