/// Where something was written in a storyboard file: 1-based line and column (0 when unknown).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of the file, for problems that concern it as a whole.
    public static let file = SourceLocation(line: 0, column: 0)

    public var description: String { "\(line):\(column)" }
}
