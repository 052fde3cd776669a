import EntryModel
import Foundation

/// CSV with a header row (RFC 4180), one entry per record.
///
/// Columns are found by header name, case-insensitively, with `_` ignored: `title` (required), `body`,
/// `more_details` (or `moreDetails`), `tags` (separated by `;` or `,`, spaces around them trimmed; a
/// `;`, `,` or `\` inside a tag is written `\;`, `\,` or `\\`, and a backslash before anything else
/// is kept as it is),
/// `created` (or `createdAt`, `created_at`), `updated` (or `updatedAt`, `updated_at`), and `id`, which
/// is accepted and ignored (imported entries are new entries), and `starred` (`true`/`false`, also
/// `1`/`0`, `yes`/`no`; empty is false). Any other column is an error naming it,
/// so a misspelt column never loses its data silently. Empty dates mean "now".
///
/// Export writes `id,title,body,more_details,tags,created_at,updated_at,starred` with `\r\n` between records
/// and quotes only where needed. Text and tags round-trip byte for byte.
public enum EntryCSVFormat {
    /// The header that export writes.
    public static let exportHeader = [
        "id", "title", "body", "more_details", "tags", "created_at", "updated_at", "starred",
    ]

    private enum Column {
        case id, title, body, moreDetails, tags, created, updated, starred
    }

    private static let columnsByName: [String: Column] = [
        "id": .id, "title": .title, "body": .body, "moredetails": .moreDetails, "tags": .tags,
        "created": .created, "createdat": .created, "updated": .updated, "updatedat": .updated, "starred": .starred,
    ]

    /// The column names as errors and the import help give them: those export writes, title first.
    public static let knownNames = (["title"] + exportHeader.filter { $0 != "title" && $0 != "id" } + ["id"]).joined(
        separator: ", ")

    /// The drafts in `data`, in file order, or the first problem (line, column name, reason).
    public static func drafts(from data: Data) throws(ImportError) -> [EntryDraft] {
        try DraftCollection.collect { sink in try read(ImportWindow(data: data), into: sink) }
    }

    /// Hands each record to `sink` as a draft, in file order, as it is read; stops at the first
    /// problem (an ``ImportError``) or the first error of `sink`, thrown as it was.
    static func read(_ window: ImportWindow, into sink: (EntryDraft) throws -> Void) throws {
        var line = 1
        /// The next record, read from where the last one ended.
        func nextRecord() throws -> CSVRecord? {
            let (record, nextLine) = try window.step { bytes, start, reach in
                var reader = CSVReader(bytes: bytes, start: start, line: line, origin: window.origin)
                defer { reach = reader.index }
                let record = try reader.nextRecord()
                return ((record, reader.line), reader.index)
            }
            line = nextLine
            return record
        }
        guard let header = try nextRecord() else {
            throw ImportError(
                reason: "the CSV file is empty: it needs a header row naming its columns (title is required)")
        }
        let columns = try self.columns(of: header)
        while let record = try nextRecord() {
            guard record.fields.count == columns.count else {
                throw ImportError(
                    line: record.line,
                    reason: "expected \(columns.count) fields as in the header, found \(record.fields.count)")
            }
            let draft: EntryDraft
            do throws(FieldProblem) {
                draft = try self.draft(from: record, columns: columns, header: header.fields)
            } catch {
                throw error.located(line: record.line)
            }
            try sink(draft)
        }
    }

    private static func columns(of header: CSVRecord) throws(ImportError) -> [Column] {
        var columns: [Column] = []
        var unknown: [String] = []
        for name in header.fields {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "")
            if let column = columnsByName[key] {
                if columns.contains(column) {
                    throw ImportError(line: header.line, field: name, reason: "this column appears twice in the header")
                }
                columns.append(column)
            } else {
                unknown.append(QuotedExcerpt.quoted(name))
            }
        }
        guard unknown.isEmpty else {
            let noun = unknown.count == 1 ? "column" : "columns"
            throw ImportError(
                line: header.line,
                reason: "unknown \(noun) \(QuotedExcerpt.list(unknown)) in the header (the columns are \(knownNames))")
        }
        guard columns.contains(.title) else {
            throw ImportError(
                line: header.line, reason: "the header has no title column (the columns are \(knownNames))")
        }
        return columns
    }

    private static func draft(
        from record: CSVRecord, columns: [Column], header: [String]
    ) throws(FieldProblem) -> EntryDraft {
        var draft = EntryDraft(title: "")
        for (index, column) in columns.enumerated() {
            let value = record.fields[index]
            let name = header[index]
            switch column {
            case .id: break
            case .title:
                guard !value.allSatisfy({ $0.isWhitespace }) else {
                    throw FieldProblem(field: name, reason: "the title is empty (every entry needs one)")
                }
                draft.title = value
            case .body: draft.body = value
            case .moreDetails: draft.moreDetails = value
            case .tags: draft.tags = splitTags(value)
            case .created: draft.createdAt = try date(value, column: name)
            case .updated: draft.updatedAt = try date(value, column: name)
            case .starred: draft.starred = try starred(value, column: name)
            }
        }
        return draft
    }

    /// `a; b,c` → `["a", "b", "c"]`, `x\,y;z` → `["x,y", "z"]`; empty pieces are dropped.
    static func splitTags(_ text: String) -> [String] {
        var pieces: [String] = [""]
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\\":
                guard let next = scalars.next() else {
                    pieces[pieces.count - 1].unicodeScalars.append(scalar)
                    break
                }
                if next == ";" || next == "," || next == "\\" {
                    pieces[pieces.count - 1].unicodeScalars.append(next)
                } else {
                    // Two appends: `append(contentsOf:)` copies the whole view, quadratic over a long tag.
                    pieces[pieces.count - 1].unicodeScalars.append(scalar)
                    pieces[pieces.count - 1].unicodeScalars.append(next)
                }
            case ";", ",":
                pieces.append("")
            default:
                pieces[pieces.count - 1].unicodeScalars.append(scalar)
            }
        }
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Tags joined by `;`, with `;`, `,` and `\` inside a tag escaped (what ``splitTags(_:)`` reads).
    static func joinTags(_ tags: [String]) -> String {
        tags.map { tag in
            var escaped = ""
            for scalar in tag.unicodeScalars {
                if scalar == ";" || scalar == "," || scalar == "\\" { escaped.unicodeScalars.append("\\") }
                escaped.unicodeScalars.append(scalar)
            }
            return escaped
        }.joined(separator: ";")
    }

    private static func starred(_ text: String, column: String) throws(FieldProblem) -> Bool {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no", "": return false
        default: throw FieldProblem(field: column, reason: "\(QuotedExcerpt.quoted(text)) is not true or false")
        }
    }

    private static func date(_ text: String, column: String) throws(FieldProblem) -> Date? {
        if text.isEmpty { return nil }
        guard let date = InterchangeDate.date(from: text) else {
            throw FieldProblem(field: column, reason: InterchangeDate.unparseableReason(text))
        }
        return date
    }

    /// Appends the header record.
    static func appendHeader(to bytes: inout [UInt8]) {
        appendRecord(exportHeader, to: &bytes)
    }

    /// Appends one entry as a record.
    static func append(_ entry: Entry, to bytes: inout [UInt8]) {
        appendRecord(
            [
                String(entry.id), entry.title, entry.body, entry.moreDetails, joinTags(entry.tags),
                InterchangeDate.string(from: entry.createdAt), InterchangeDate.string(from: entry.updatedAt),
                entry.starred ? "true" : "false",
            ], to: &bytes)
    }

    private static func appendRecord(_ fields: [String], to bytes: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendField(field, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Quotes the field when it holds a comma, a quote or a line break; inner quotes are doubled.
    private static func appendField(_ field: String, to bytes: inout [UInt8]) {
        let needsQuotes = field.utf8.contains { byte in
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D: return true
            default: return false
            }
        }
        guard needsQuotes else {
            bytes.append(contentsOf: field.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in field.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
