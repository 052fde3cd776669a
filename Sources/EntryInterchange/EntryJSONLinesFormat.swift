import EntryModel
import Foundation

/// JSON Lines (also called NDJSON): one entry object per line, with the fields of ``EntryJSONFormat``.
///
/// Blank lines are skipped and `\r\n` line ends are accepted; errors name the line.
public enum EntryJSONLinesFormat {
    /// The drafts in `data`, in file order, or the first problem (line, field, reason).
    public static func drafts(from data: Data) throws(ImportError) -> [EntryDraft] {
        try DraftCollection.collect { sink in try read(ImportWindow(data: data), into: sink) }
    }

    /// Hands each line's entry to `sink`, in file order, as it is read; stops at the first problem
    /// (an ``ImportError``) or the first error of `sink`, thrown as it was.
    static func read(_ window: ImportWindow, into sink: (EntryDraft) throws -> Void) throws {
        var number = 0
        while !window.isAtEnd {
            number += 1
            let lineNumber = number
            let value: JSONValue? = try window.step { bytes, start, reach in
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                reach = end
                let next = end < bytes.count ? end + 1 : end
                let lineEnd = end < bytes.count && end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
                let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
                var parser = JSONParser(bytes: line)
                parser.skipWhitespace()
                if parser.isAtEnd { return (nil, next) }
                do throws(JSONSyntaxError) {
                    let value = try parser.parseValue()
                    parser.skipWhitespace()
                    guard parser.isAtEnd else { throw parser.error("the end of the line (one object per line)") }
                    return (value, next)
                } catch {
                    throw error.importError(in: line, lineOffset: lineNumber - 1)
                }
            }
            guard let value else { continue }
            let draft: EntryDraft
            do throws(FieldProblem) {
                draft = try EntryJSONFormat.draft(from: value)
            } catch {
                throw error.located(line: number)
            }
            try sink(draft)
        }
    }
}
