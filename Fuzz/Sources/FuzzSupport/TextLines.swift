/// The extent of a text as a YAML reader may count it, for checking that a diagnostic points inside
/// the file: lines end at LF, CR, CR LF, NEL, LS or PS (a reader may count any of them), columns are at
/// most a line's length in bytes, plus one (just past its end).
public struct TextLines {
    /// The most lines any reading of the line ends can give.
    public let maximumLine: Int
    /// The longest line's length in UTF-8 bytes, plus one.
    public let maximumColumn: Int

    public init(_ text: String) {
        var lines = 1, longest = 0, current = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                lines += 1
                current = 0
            } else {
                current += String(scalar).utf8.count
                longest = max(longest, current)
            }
        }
        maximumLine = lines
        maximumColumn = longest + 1
    }

    /// Whether a 1-based line and column (0: unknown) can be a place in the text.
    public func contains(line: Int, column: Int) -> Bool {
        (0...maximumLine).contains(line) && (0...maximumColumn).contains(column) && !(line == 0 && column != 0)
    }
}
