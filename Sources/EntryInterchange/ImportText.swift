import EntryModel
import Foundation

/// The first steps every importer takes on a file's bytes: refuse malformed UTF-8 (saying where) and
/// skip a byte order mark.
enum ImportText {
    /// Calls `body` with the file's bytes and the offset where the text starts (after a UTF-8 BOM),
    /// once the bytes are known to be UTF-8.
    static func withValidatedBytes<Result>(
        _ data: Data, _ body: (UnsafeBufferPointer<UInt8>, Int) throws(ImportError) -> Result
    ) throws(ImportError) -> Result {
        let outcome: Swift.Result<Result, ImportError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
                let position = TextPosition.of(offset: offset, in: bytes)
                let byte = String(bytes[offset], radix: 16, uppercase: true)
                return .failure(ImportError(
                    line: position.line, column: position.column,
                    reason: "invalid UTF-8 (byte 0x\(byte)); the file must be UTF-8 text"))
            }
            let start = hasByteOrderMark(bytes) ? 3 : 0
            do throws(ImportError) {
                return .success(try body(bytes, start))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The byte ranges of the lines of `bytes` from `start`, without their `\n` or `\r\n`, with their
    /// 1-based line numbers. A final newline does not start an extra empty line.
    static func lines(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [(number: Int, range: Range<Int>)] {
        var lines: [(Int, Range<Int>)] = []
        var lineStart = start
        var number = 1
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                let end = index > lineStart && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                lines.append((number, lineStart..<end))
                number += 1
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < bytes.count { lines.append((number, lineStart..<bytes.count)) }
        return lines
    }
}
