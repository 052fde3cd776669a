/// The extent of a text as a YAML reader may count it, for checking that a diagnostic points inside
/// the file, by the most generous count: lines may end at LF, CR, CR LF, NEL, LS or PS (a reader may
/// count any of them), and a column is at most the longest LF-ended line's length in bytes, plus one
/// (just past its end; a reader that ends lines at LF only counts a CR as a column).
public struct TextLines {
    /// The most lines any reading of the line ends can give.
    public let maximumLine: Int
    /// The longest line's length in UTF-8 bytes, plus one.
    public let maximumColumn: Int

    /// Counted on the text's UTF-8 bytes.
    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Counted on the bytes, as they were in the file (invalid UTF-8 included).
    public init(bytes: [UInt8]) {
        var lines = 1, longest = 0, current = 0
        for (index, byte) in bytes.enumerated() {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            // LF, CR, NEL (C2 85), LS and PS (E2 80 A8, E2 80 A9).
            if byte == 0x0A || byte == 0x0D || (byte == 0xC2 && next == 0x85)
                || (byte == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9))
            {
                lines += 1
            }
            if byte == 0x0A {
                current = 0
            } else {
                current += 1
                longest = max(longest, current)
            }
        }
        maximumLine = lines
        maximumColumn = longest + 1
    }

    /// Whether a 1-based line and column (0: unknown) can be a place in the text. The start of the
    /// line after the last is one: the end of the input as libyaml reports it (it ends a last line
    /// that has no line break, so an error "at the end" is there).
    public func contains(line: Int, column: Int) -> Bool {
        if line == maximumLine + 1 { return column <= 1 }
        return (0...maximumLine).contains(line) && (0...maximumColumn).contains(column) && !(line == 0 && column != 0)
    }
}
