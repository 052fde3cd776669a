/// Strict UTF-8 decoding of one scalar from a byte array (no overlongs, no surrogates, nothing past U+10FFFF).
enum UTF8Scalar {
    enum Result: Equatable {
        case scalar(Unicode.Scalar, end: Int)
        /// The bytes so far are a valid start but the input ends before the scalar does.
        case incomplete
        /// Not UTF-8 at `start`: skip one byte.
        case invalid
    }

    static func decode(_ input: [UInt8], at start: Int) -> Result {
        let lead = input[start]
        let length: Int
        var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F:
            return Unicode.Scalar(UInt32(lead)).map { .scalar($0, end: start + 1) } ?? .invalid
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: return .invalid
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let position = start + offset
            guard position < input.count else { return .incomplete }
            let byte = input[position]
            let low: UInt8 = offset == 1 ? lowerBound : 0x80
            let high: UInt8 = offset == 1 ? upperBound : 0xBF
            guard byte >= low && byte <= high else { return .invalid }
            value = (value << 6) | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .scalar(scalar, end: start + length)
    }
}
