/// Turns a cell's text into the bytes the renderer writes, refusing anything the terminal would treat as
/// a control: C0 controls and DEL become their Unicode control pictures (␛, ␡…), C1 controls become �.
///
/// Buffer writers already sanitize text; this is the last line of defence so that nothing from data
/// (an entry's body, a file name) can ever reach the terminal as an escape sequence.
enum CellText {
    /// Appends the visible form of `text` (a space when it is empty) to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.isEmpty {
            bytes.append(0x20)
            return
        }
        // Fast path: a single printable ASCII byte, the common case.
        if utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte != 0x7F {
            bytes.append(byte)
            return
        }
        if isClean(utf8) {
            bytes.append(contentsOf: utf8)
            return
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 {
                appendScalar(0x2400 + value, to: &bytes)  // ␀ … ␟
            } else if value == 0x7F {
                appendScalar(0x2421, to: &bytes)  // ␡
            } else if (0x80...0x9F).contains(value) {
                appendScalar(0xFFFD, to: &bytes)  // �
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// True when the UTF-8 contains no C0, DEL or C1 control (C1 is encoded as C2 80…C2 9F).
    static func isClean(_ utf8: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F { return false }
            if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return false }
            previous = byte
        }
        return true
    }

    private static func appendScalar(_ value: UInt32, to bytes: inout [UInt8]) {
        if let scalar = Unicode.Scalar(value) { bytes.append(contentsOf: String(scalar).utf8) }
    }
}
