/// The bounds on the block parser's work inside quotes and list items, which it parses by parsing
/// their lines again, one level deeper: without them, `"> " × 60,000` would overflow the stack and a
/// 2,000-level list would be read 2,000 times over.
///
/// Past `maximumDepth` levels, or once the nested lines looked at reach `byteBudget` for one
/// top-level block, the rest of a quote or item is not parsed: it is shown as written, as code, so the
/// cut is visible and nothing is lost. The budget keeps the work linear in the text: each top-level
/// block costs at most its own bytes plus `byteBudget`.
struct MarkdownNesting {
    /// Levels of quotes and lists parsed; more than any journal uses, few enough for any stack.
    static let maximumDepth = 32
    /// Bytes of nested lines parsed per top-level block (the same line counts once per level).
    static let byteBudget = 1 << 20

    private(set) var depth = 0
    private(set) var bytesLeft = MarkdownNesting.byteBudget

    /// Whether the nested `lines` may be parsed; if so, counts them and goes one level down (`leave`
    /// goes back up).
    mutating func enter(_ lines: [Substring]) -> Bool {
        guard depth < Self.maximumDepth else { return false }
        var bytes = 0
        for line in lines {
            bytes += line.utf8.count + 1
            if bytes > bytesLeft { return false }
        }
        bytesLeft -= bytes
        depth += 1
        return true
    }

    mutating func leave() {
        depth -= 1
    }
}
