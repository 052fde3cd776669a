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
        try DraftCollection.collect { sink in try read(ImportWindow(data: data), what: what, draft: draft, into: sink) }
    }

    /// Hands the draft `draft` makes of each record to `sink`, in file order, as it is read; stops at
    /// the first problem (an ``ImportError``) or the first error of `sink`, thrown as it was.
    static func read(
        _ window: ImportWindow, what: String, draft: (JSONValue) throws(FieldProblem) -> EntryDraft,
        into sink: (EntryDraft) throws -> Void
    ) throws {
        var record = 0
        var foundEntries = false
        var isClosed = try window.parseJSON { parser in
            try parser.expect(UInt8(ascii: "{"), "`{` (\(what) is an object with an \"entries\" array)")
            parser.skipWhitespace()
            return parser.currentByte == UInt8(ascii: "}")
        }
        var first = true
        while !isClosed {
            let key = try window.parseJSON(record: record > 0 ? record : nil) { [first] parser in
                if !first { try parser.expect(UInt8(ascii: ","), "`,` or `}`") }
                parser.skipWhitespace()
                guard parser.currentByte == UInt8(ascii: "\"") else {
                    throw parser.error("a field name in double quotes")
                }
                let key = try parser.parseString()
                try parser.expect(UInt8(ascii: ":"), "`:` after a field name")
                return key
            }
            first = false
            if key == "entries" {
                // Two arrays would otherwise both be imported, or one dropped in silence.
                if foundEntries { throw ImportError(reason: "field \"entries\" appears twice in the object") }
                try readEntries(window, record: &record, draft: draft, into: sink)
                foundEntries = true
            } else {
                try window.parseJSON(record: record > 0 ? record : nil) { parser in _ = try parser.parseValue() }
            }
            isClosed = try window.parseJSON(record: record > 0 ? record : nil) { parser in
                parser.skipWhitespace()
                return parser.currentByte == UInt8(ascii: "}")
            }
        }
        try window.parseJSON(record: record > 0 ? record : nil) { parser in
            try parser.expect(UInt8(ascii: "}"), "`}`")
            parser.skipWhitespace()
            guard parser.isAtEnd else { throw parser.error("the end of the file after the object") }
        }
        guard foundEntries else {
            throw ImportError(reason: "this is not \(what): the object has no \"entries\" array")
        }
    }

    /// The `"entries"` array, from its `[` to its `]`, counting records in `record`.
    private static func readEntries(
        _ window: ImportWindow, record: inout Int, draft: (JSONValue) throws(FieldProblem) -> EntryDraft,
        into sink: (EntryDraft) throws -> Void
    ) throws {
        var isEnd = try window.parseJSON(record: record > 0 ? record : nil) { parser in
            try parser.expect(UInt8(ascii: "["), "`[` (\"entries\" must be an array)")
            parser.skipWhitespace()
            return parser.currentByte == UInt8(ascii: "]")
        }
        while !isEnd {
            if record > 0 {
                try window.parseJSON(record: record) { parser in try parser.expect(UInt8(ascii: ","), "`,` or `]`") }
            }
            record += 1
            let (value, recordStart) = try window.parseJSON(record: record) { parser in
                parser.skipWhitespace()
                let recordStart = parser.index
                return (try parser.parseValue(), recordStart)
            }
            let entry: EntryDraft
            do throws(FieldProblem) {
                entry = try draft(value)
            } catch {
                throw error.located(record: record, line: window.position(of: recordStart).line)
            }
            try sink(entry)
            isEnd = try window.parseJSON(record: record) { parser in
                parser.skipWhitespace()
                return parser.currentByte == UInt8(ascii: "]")
            }
        }
        try window.parseJSON(record: record > 0 ? record : nil) { parser in try parser.expect(UInt8(ascii: "]"), "`]`")
        }
    }
}
