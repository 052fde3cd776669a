/// Where something was written in a storyboard file: 1-based line and column (0 when unknown).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, or 0 when unknown or when the whole file is meant.
    public var line: Int
    /// The 1-based column, or 0 when unknown.
    public var column: Int

    /// Creates a location at `line` and `column` (both 1-based; 0 for unknown).
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of the file, for problems that concern it as a whole.
    public static let file = SourceLocation(line: 0, column: 0)

    /// `line:column`, as in `file:line:col` messages.
    public var description: String { "\(line):\(column)" }
}
