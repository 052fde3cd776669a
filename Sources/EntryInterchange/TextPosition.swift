import EntryModel
import Foundation

/// A place in an input file, for error messages: 1-based line and column (column counts characters,
/// not bytes, up to the place).
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// The position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 18`.
    public var description: String { "line \(line), column \(column)" }

    /// The position of byte `offset` in `bytes`. Only called when reporting an error, so the linear
    /// scan costs nothing on the happy path.
    static func of(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> TextPosition {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count lead bytes only, so a multi-byte character is one column.
                column += 1
            }
            index += 1
        }
        return TextPosition(line: line, column: column)
    }
}

extension TextPosition {
    /// The position of byte `offset` in `bytes`, whose first byte is at `origin` in the file (an
    /// ``ImportWindow`` holds only part of a file).
    static func of(offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from origin: TextPosition) -> TextPosition {
        let local = of(offset: offset, in: bytes)
        guard local.line == 1 else { return TextPosition(line: origin.line + local.line - 1, column: local.column) }
        return TextPosition(line: origin.line, column: origin.column + local.column - 1)
    }
}

/// Finds malformed UTF-8, so that imports can say exactly where a file is not text.
enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlong forms,
    /// surrogates and code points above U+10FFFF are malformed), or nil when all of `bytes` is UTF-8.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return index
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return index }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}

extension TextPosition {
    /// Where `data` first stops being UTF-8, or nil when it is all UTF-8 text (for messages about
    /// standard input and edited files).
    public static func firstInvalidUTF8(in data: Data) -> TextPosition? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return UTF8Validation.firstInvalidOffset(in: bytes).map { TextPosition.of(offset: $0, in: bytes) }
        }
    }
}
