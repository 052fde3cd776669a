import NIOCore

/// Rows of `COPY … FROM STDIN (FORMAT binary)` for the bulk insert: each field as its type's binary
/// form, so the server reads lengths instead of parsing text. Parsing the text form of a `tsvector`
/// (quotes, positions, then sorting the lexemes) was most of the server's work in a text `COPY`; the
/// binary form takes about a third of its time (50,000 rows: 0.33 s of server CPU instead of 0.79 s).
///
/// The columns, in order, are ``columns``. Lexemes are sent sorted byte for byte, the order the
/// server keeps them in, so it has nothing to sort.
///
/// See <https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4> (the file format) and
/// PostgreSQL's `array_send` and `tsvectorsend` for the two composite types.
enum BinaryCopyRow {
    static let columns = ["title", "body", "moreDetails", "tags", "titleKey", "titleLength", "createdAt", "updatedAt", "search", "starred"]

    /// The type of `bytea`, named in the array header.
    private static let byteaOID: UInt32 = 17
    /// The weight of each field's position in a `tsvector` (A = 3 … D = 0), in the top two bits.
    private static let fieldWeights: [UInt16] = [3, 2, 1, 0]

    /// The signature, flags and (empty) header extension that start the stream.
    static func writeHeader(to buffer: inout ByteBuffer) {
        buffer.writeBytes(Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00])
        buffer.writeInteger(UInt32(0))
        buffer.writeInteger(UInt32(0))
    }

    /// The field count of -1 that ends the stream.
    static func writeTrailer(to buffer: inout ByteBuffer) {
        buffer.writeInteger(Int16(-1))
    }

    static func write(_ row: StoredRow, to buffer: inout ByteBuffer) {
        buffer.writeInteger(Int16(columns.count))
        bytes(row.title, to: &buffer)
        bytes(row.body, to: &buffer)
        bytes(row.moreDetails, to: &buffer)
        array(row.tags, to: &buffer)
        bytes(row.titleKey, to: &buffer)
        buffer.writeInteger(Int32(4))
        buffer.writeInteger(row.titleLength)
        buffer.writeInteger(Int32(8))
        buffer.writeInteger(row.createdAt)
        buffer.writeInteger(Int32(8))
        buffer.writeInteger(row.updatedAt)
        tsvector(row.lexemes, to: &buffer)
        buffer.writeInteger(Int32(1))
        buffer.writeInteger(UInt8(row.starred ? 1 : 0))
    }

    private static func bytes(_ value: ByteBuffer, to buffer: inout ByteBuffer) {
        buffer.writeInteger(Int32(value.readableBytes))
        var value = value
        buffer.writeBuffer(&value)
    }

    /// A one-dimensional `bytea[]` without nulls (no dimension at all when empty, as the server sends it).
    private static func array(_ elements: [ByteBuffer], to buffer: inout ByteBuffer) {
        let lengthIndex = buffer.writerIndex
        buffer.writeInteger(Int32(0))
        let start = buffer.writerIndex
        buffer.writeInteger(Int32(elements.isEmpty ? 0 : 1))  // dimensions
        buffer.writeInteger(Int32(0))  // no nulls
        buffer.writeInteger(byteaOID)
        if !elements.isEmpty {
            buffer.writeInteger(Int32(elements.count))
            buffer.writeInteger(Int32(1))  // lower bound
            for element in elements { bytes(element, to: &buffer) }
        }
        buffer.setInteger(Int32(buffer.writerIndex - start), at: lengthIndex)
    }

    /// A `tsvector`: the lexeme count, then each lexeme NUL-terminated with its positions (the field's
    /// number and weight, as ``SearchVector/literal(_:)`` writes them).
    private static func tsvector(_ lexemes: [SearchVector.Lexeme], to buffer: inout ByteBuffer) {
        // A NUL would end the lexeme early; the tokenizer never makes one, but nothing is assumed.
        let words = lexemes.filter { !$0.word.utf8.contains(0) }.sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
        let lengthIndex = buffer.writerIndex
        buffer.writeInteger(Int32(0))
        let start = buffer.writerIndex
        buffer.writeInteger(Int32(words.count))
        for word in words {
            buffer.writeString(word.word)
            buffer.writeInteger(UInt8(0))
            buffer.writeInteger(UInt16(word.fields.nonzeroBitCount))
            for field in 0..<4 where word.fields & (1 << field) != 0 {
                buffer.writeInteger(fieldWeights[field] << 14 | UInt16(field + 1))
            }
        }
        buffer.setInteger(Int32(buffer.writerIndex - start), at: lengthIndex)
    }
}
