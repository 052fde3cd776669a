import EntryModel

/// One CSV record: its fields and the line it starts on (quoted fields may span lines).
struct CSVRecord {
    var line: Int
    var fields: [String]
}

/// Reads RFC 4180 CSV: fields separated by commas, records by `\r\n` or `\n`; a field in double quotes
/// may hold commas, quotes (doubled: `""`) and line breaks, all kept byte for byte. Blank lines are
/// skipped. The caller validates UTF-8 first.
struct CSVReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next record starts.
    private(set) var index: Int
    /// The line ``index`` is on.
    private(set) var line: Int
    /// The file's line and column of `bytes[0]` (the bytes may be part of a file: ``ImportWindow``).
    private let origin: TextPosition

    init(
        bytes: UnsafeBufferPointer<UInt8>, start: Int, line: Int = 1,
        origin: TextPosition = TextPosition(line: 1, column: 1)
    ) {
        self.bytes = bytes
        self.index = start
        self.line = line
        self.origin = origin
    }

    /// The next non-blank record, or nil at the end of the text.
    mutating func nextRecord() throws(ImportError) -> CSVRecord? {
        while index < bytes.count {
            let startLine = line
            var fields: [String] = []
            var wasQuoted = false
            var atRecordEnd = false
            while !atRecordEnd {
                let field = try readField()
                fields.append(field.text)
                wasQuoted = wasQuoted || field.quoted
                atRecordEnd = consumeSeparator()
            }
            if fields.count == 1 && fields[0].isEmpty && !wasQuoted { continue }  // a blank line
            return CSVRecord(line: startLine, fields: fields)
        }
        return nil
    }

    private mutating func readField() throws(ImportError) -> (text: String, quoted: Bool) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            let start = index
            while index < bytes.count, !isFieldEnd(at: index) { index += 1 }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), false)
        }
        let openingLine = line
        let openingOffset = index
        index += 1
        var text: [UInt8] = []
        while true {
            guard index < bytes.count else {
                let position = TextPosition.of(offset: openingOffset, in: bytes, from: origin)
                throw ImportError(
                    line: openingLine, column: position.column,
                    reason: "malformed CSV: the quoted field starting here is never closed")
            }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    text.append(byte)
                    index += 1
                    continue
                }
                guard index == bytes.count || isFieldEnd(at: index) else {
                    let position = TextPosition.of(offset: index, in: bytes, from: origin)
                    throw ImportError(
                        line: position.line, column: position.column,
                        reason:
                            "malformed CSV: a closing quote must be followed by a comma or the end of the line (write a quote inside a quoted field as \"\")"
                    )
                }
                return (String(decoding: text, as: UTF8.self), true)
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            text.append(byte)
        }
    }

    /// True at a comma, `\n` or `\r\n` (a lone `\r` is data).
    private func isFieldEnd(at offset: Int) -> Bool {
        switch bytes[offset] {
        case UInt8(ascii: ","), UInt8(ascii: "\n"): return true
        case UInt8(ascii: "\r"): return offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")
        default: return false
        }
    }

    /// Consumes the separator after a field; true when it ended the record.
    private mutating func consumeSeparator() -> Bool {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: "\r"):
            index += 2
        default:
            index += 1
        }
        line += 1
        return true
    }
}
