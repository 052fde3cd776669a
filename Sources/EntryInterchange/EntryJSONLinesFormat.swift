import EntryModel
import Foundation

/// JSON Lines (also called NDJSON): one entry object per line, with the fields of ``EntryJSONFormat``.
///
/// Blank lines are skipped and `\r\n` line ends are accepted; errors name the line.
public enum EntryJSONLinesFormat {
    /// The drafts in `data`, in file order, or the first problem (line, field, reason).
    public static func drafts(from data: Data) throws(ImportError) -> [EntryDraft] {
        try ImportText.withValidatedBytes(data) { (bytes, start) throws(ImportError) in
            var drafts: [EntryDraft] = []
            for (number, range) in ImportText.lines(of: bytes, from: start) {
                let line = UnsafeBufferPointer(rebasing: bytes[range])
                var parser = JSONParser(bytes: line)
                parser.skipWhitespace()
                if parser.isAtEnd { continue }
                let value: JSONValue
                do throws(JSONSyntaxError) {
                    value = try parser.parseValue()
                    parser.skipWhitespace()
                    guard parser.isAtEnd else { throw parser.error("the end of the line (one object per line)") }
                } catch {
                    throw error.importError(in: line, lineOffset: number - 1)
                }
                do throws(FieldProblem) {
                    drafts.append(try EntryJSONFormat.draft(from: value))
                } catch {
                    throw error.located(line: number)
                }
            }
            return drafts
        }
    }
}
