import EntryModel
import Foundation

/// Reads an object whose `"entries"` member is an array of entry objects (jrnl's and Day One's
/// exports), streaming through the array so each record's problem names its number and line.
enum JSONEntriesObject {
    /// The drafts `draft` makes of each record, in file order; `what` names the export in messages
    /// ("a jrnl export").
    static func drafts(
        from data: Data, what: String, draft: (JSONValue) throws(FieldProblem) -> EntryDraft
    ) throws(ImportError) -> [EntryDraft] {
        try ImportText.withValidatedBytes(data) { (bytes, start) throws(ImportError) in
            var parser = JSONParser(bytes: bytes, index: start)
            var drafts: [EntryDraft]?
            var record = 0
            do {
                try parser.expect(UInt8(ascii: "{"), "`{` (\(what) is an object with an \"entries\" array)")
                parser.skipWhitespace()
                var first = true
                while parser.currentByte != UInt8(ascii: "}") {
                    if !first { try parser.expect(UInt8(ascii: ","), "`,` or `}`") }
                    first = false
                    parser.skipWhitespace()
                    guard parser.currentByte == UInt8(ascii: "\"") else { throw parser.error("a field name in double quotes") }
                    let key = try parser.parseString()
                    try parser.expect(UInt8(ascii: ":"), "`:` after a field name")
                    guard key == "entries" else {
                        _ = try parser.parseValue()
                        parser.skipWhitespace()
                        continue
                    }
                    try parser.expect(UInt8(ascii: "["), "`[` (\"entries\" must be an array)")
                    var entries: [EntryDraft] = []
                    parser.skipWhitespace()
                    while parser.currentByte != UInt8(ascii: "]") {
                        if record > 0 { try parser.expect(UInt8(ascii: ","), "`,` or `]`") }
                        record += 1
                        parser.skipWhitespace()
                        let recordStart = parser.index
                        let value = try parser.parseValue()
                        do throws(FieldProblem) {
                            entries.append(try draft(value))
                        } catch {
                            throw error.located(record: record, line: TextPosition.of(offset: recordStart, in: bytes).line)
                        }
                        parser.skipWhitespace()
                    }
                    try parser.expect(UInt8(ascii: "]"), "`]`")
                    drafts = entries
                    parser.skipWhitespace()
                }
                try parser.expect(UInt8(ascii: "}"), "`}`")
                parser.skipWhitespace()
                guard parser.isAtEnd else { throw parser.error("the end of the file after the object") }
            } catch let error as JSONSyntaxError {
                throw error.importError(in: bytes, record: record > 0 ? record : nil)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(reason: "\(error)")
            }
            guard let drafts else {
                throw ImportError(reason: "this is not \(what): the object has no \"entries\" array")
            }
            return drafts
        }
    }
}
