import NIOCore

/// One row of `COPY … FROM STDIN (FORMAT text)`: tab-separated fields, a newline, `bytea` in hex
/// (`\\x…`, the backslash doubled for COPY), `bytea[]` as an array literal of hex values.
///
/// See <https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.2>.
enum CopyRow {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func write(_ row: StoredRow, to buffer: inout ByteBuffer) {
        hex(row.title, to: &buffer, backslashes: 2)
        buffer.writeInteger(UInt8(ascii: "\t"))
        hex(row.body, to: &buffer, backslashes: 2)
        buffer.writeInteger(UInt8(ascii: "\t"))
        hex(row.moreDetails, to: &buffer, backslashes: 2)
        buffer.writeInteger(UInt8(ascii: "\t"))
        buffer.writeInteger(UInt8(ascii: "{"))
        for (index, tag) in row.tags.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            buffer.writeInteger(UInt8(ascii: "\""))
            // In an array element a backslash escapes, and COPY doubles it again: four.
            hex(tag, to: &buffer, backslashes: 4)
            buffer.writeInteger(UInt8(ascii: "\""))
        }
        buffer.writeInteger(UInt8(ascii: "}"))
        buffer.writeInteger(UInt8(ascii: "\t"))
        hex(row.titleKey, to: &buffer, backslashes: 2)
        buffer.writeString("\t\(row.titleLength)\t\(row.createdAt)\t\(row.updatedAt)\t")
        for byte in row.search.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeString("\\\\")
            case UInt8(ascii: "\t"): buffer.writeString("\\t")
            case UInt8(ascii: "\n"): buffer.writeString("\\n")
            case UInt8(ascii: "\r"): buffer.writeString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
        buffer.writeString(row.starred ? "\tt\n" : "\tf\n")
    }

    private static func hex(_ bytes: ByteBuffer, to buffer: inout ByteBuffer, backslashes: Int) {
        for _ in 0..<backslashes { buffer.writeInteger(UInt8(ascii: "\\")) }
        buffer.writeInteger(UInt8(ascii: "x"))
        buffer.reserveCapacity(minimumWritableBytes: bytes.readableBytes * 2)
        bytes.withUnsafeReadableBytes { raw in
            for byte in raw {
                buffer.writeInteger(hexDigits[Int(byte >> 4)])
                buffer.writeInteger(hexDigits[Int(byte & 0x0F)])
            }
        }
    }
}
