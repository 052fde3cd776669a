import EntryModel

/// Why an import file was refused, and where. Any error refuses the whole import: nothing is stored.
///
/// The description reads like `record 17 (line 42), field "title": the title is empty` (JSON),
/// `line 42, field "created": "yesterday" is not an ISO 8601 date…` (JSON Lines, CSV) or
/// `line 3, column 18: invalid UTF-8 (byte 0xFF)`.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based number of the record (the object in a JSON array, the entry in a jrnl file).
    public var record: Int?
    /// The 1-based line the problem is on (for JSON, where the record starts).
    public var line: Int?
    /// The 1-based column, when the problem is at one place on the line (malformed text).
    public var column: Int?
    /// The field or column the problem is in, by the name the file uses.
    public var field: String?
    /// What is wrong, in words a user can act on.
    public var reason: String

    /// The error with `reason` and whatever is known of where it is.
    public init(record: Int? = nil, line: Int? = nil, column: Int? = nil, field: String? = nil, reason: String) {
        self.record = record
        self.line = line
        self.column = column
        self.field = field
        self.reason = reason
    }

    /// The place (record, line, column, field; those known) and then the reason.
    public var description: String {
        var location: [String] = []
        switch (record, line) {
        case let (record?, line?): location.append("record \(record) (line \(line))")
        case let (record?, nil): location.append("record \(record)")
        case let (nil, line?): location.append("line \(line)")
        case (nil, nil): break
        }
        if let column { location.append("column \(column)") }
        if let field { location.append("field \(QuotedExcerpt.quoted(field))") }
        return location.isEmpty ? reason : location.joined(separator: ", ") + ": " + reason
    }

    /// The same error placed at a record and line (used when a record-level problem surfaces).
    func at(record: Int? = nil, line: Int?) -> ImportError {
        var copy = self
        copy.record = copy.record ?? record
        copy.line = copy.line ?? line
        return copy
    }
}

/// A problem with one field of one record, before the importer knows which record it is in.
struct FieldProblem: Error {
    var field: String?
    var reason: String

    func located(record: Int? = nil, line: Int?) -> ImportError {
        ImportError(record: record, line: line, field: field, reason: reason)
    }
}
