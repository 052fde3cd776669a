import EntryModel

/// A malformed JSON text: where (byte offset) and why.
struct JSONSyntaxError: Error {
    var offset: Int
    var reason: String

    func importError(in bytes: UnsafeBufferPointer<UInt8>, record: Int? = nil, lineOffset: Int = 0) -> ImportError {
        let position = TextPosition.of(offset: offset, in: bytes)
        return ImportError(record: record, line: position.line + lineOffset, column: position.column, reason: reason)
    }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes that knows where it is, so that errors name a line
/// and column (Foundation's decoders only say "not valid JSON"). The caller validates UTF-8 first.
///
/// Importers drive it element by element (see ``EntryJSONFormat``) so that a record's errors carry
/// its number without building a tree of the whole file.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index: Int
    /// Deeper nesting is refused rather than risking the stack on hostile input.
    static let maximumDepth = 256

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var isAtEnd: Bool { index >= bytes.count }

    var currentByte: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace) or throws `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard currentByte == byte else { throw error(expected) }
        index += 1
    }

    mutating func error(_ expected: String) -> JSONSyntaxError {
        guard let byte = currentByte else {
            return JSONSyntaxError(
                offset: index, reason: "malformed JSON: expected \(expected), found the end of the file")
        }
        return JSONSyntaxError(
            offset: index, reason: "malformed JSON: expected \(expected), found \(Self.describe(byte))")
    }

    /// Parses one value, after optional whitespace.
    mutating func parseValue(depth: Int = 0) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = currentByte else { throw error("a value") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "{"): return .object(try parseObject(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseArray(depth: depth + 1))
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("a value (text must be in double quotes)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard currentByte == expected else {
                // Point at the word, not into it: `title` is not a misspelt `true`, it lacks quotes.
                index = start
                throw error("a value (text must be in double quotes)")
            }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONObject {
        guard depth <= Self.maximumDepth else { throw JSONSyntaxError(offset: index, reason: "JSON nested too deeply") }
        index += 1  // {
        var object = JSONObject()
        skipWhitespace()
        if currentByte == UInt8(ascii: "}") {
            index += 1
            return object
        }
        while true {
            skipWhitespace()
            guard currentByte == UInt8(ascii: "\"") else { throw error("a field name in double quotes") }
            let keyOffset = index
            let key = try parseString()
            if object.contains(key) {
                throw JSONSyntaxError(
                    offset: keyOffset, reason: "field \(QuotedExcerpt.quoted(key)) appears twice in the same object")
            }
            try expect(UInt8(ascii: ":"), "`:` after a field name")
            object.append(key: key, value: try parseValue(depth: depth))
            skipWhitespace()
            if currentByte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "`,` or `}`")
            return object
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        guard depth <= Self.maximumDepth else { throw JSONSyntaxError(offset: index, reason: "JSON nested too deeply") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if currentByte == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if currentByte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "`,` or `]`")
            return elements
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if currentByte == UInt8(ascii: "-") { index += 1 }
        guard let first = currentByte, isDigit(first) else { throw error("a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if currentByte == UInt8(ascii: ".") {
            index += 1
            guard let byte = currentByte, isDigit(byte) else { throw error("a digit after `.`") }
            skipDigits()
        }
        if currentByte == UInt8(ascii: "e") || currentByte == UInt8(ascii: "E") {
            index += 1
            if currentByte == UInt8(ascii: "+") || currentByte == UInt8(ascii: "-") { index += 1 }
            guard let byte = currentByte, isDigit(byte) else { throw error("a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while let byte = currentByte, isDigit(byte) { index += 1 }
    }

    /// Parses a string starting at its opening quote. Text is kept exactly: `\u0000` becomes a NUL.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            index += 1
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &decoded)
            case 0..<0x20:
                throw controlCharacterError(byte)
            default:
                decoded.append(byte)
                index += 1
            }
        }
        throw JSONSyntaxError(offset: start - 1, reason: "malformed JSON: the string starting here is never closed")
    }

    private func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        let hex = String(byte, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: 4 - hex.count) + hex
        return JSONSyntaxError(
            offset: index,
            reason:
                "malformed JSON: a raw control character (U+\(code)) inside a string must be written as an escape such as \\n or \\u\(code)"
        )
    }

    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeOffset = index
        index += 1  // backslash
        guard let byte = currentByte else { throw error("an escape character") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalarValue = try hexQuad()
            if (0xD800...0xDBFF).contains(scalarValue) {
                // A high surrogate must be followed by an escaped low surrogate: together one character.
                guard currentByte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw loneSurrogate(scalarValue, at: escapeOffset)
                }
                index += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(scalarValue, at: escapeOffset) }
                scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalarValue) {
                throw loneSurrogate(scalarValue, at: escapeOffset)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw loneSurrogate(scalarValue, at: escapeOffset) }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            index -= 1
            throw JSONSyntaxError(
                offset: escapeOffset, reason: "malformed JSON: unknown escape \\\(Self.describeRaw(byte)) in a string")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = currentByte, let digit = Self.hexValue(byte) else {
                throw error("four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONSyntaxError {
        let hex = String(value, radix: 16)
        return JSONSyntaxError(
            offset: offset, reason: "malformed JSON: \\u\(hex) is half of a surrogate pair and is not a character")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A byte as shown in a message: the character in backquotes, or its hex code when invisible.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "`\(describeRaw(byte))`" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private static func describeRaw(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x\(String(byte, radix: 16, uppercase: true))"
    }
}
