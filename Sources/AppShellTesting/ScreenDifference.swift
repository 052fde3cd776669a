import AppShell

/// The difference between an expected and an actual screen, printed side by side row by row:
///
/// ```
/// Screen (20×3) differs on rows 2:
///    expected             | actual
///    "Entries"            | "Entries"
/// ✗2 "> First"            | "  First"
///    "? help"             | "? help"
/// ```
struct ScreenDifference: CustomStringConvertible {
    let expected: [String]
    let actual: [String]
    let size: Size
    let differingRows: [Int]

    /// Nil when the screens are the same (trailing spaces ignored).
    init?(expected: [String], actual: [String], size: Size) {
        let expected = expected.map(Self.trimmed), actual = actual.map(Self.trimmed)
        let rows = max(expected.count, actual.count)
        let differing = (0..<rows).filter { row in
            row >= expected.count || row >= actual.count || expected[row] != actual[row]
        }
        guard !differing.isEmpty else { return nil }
        self.expected = expected
        self.actual = actual
        self.size = size
        self.differingRows = differing
    }

    var description: String {
        var text =
            "Screen (\(size.width)×\(size.height)) differs on rows \(differingRows.map { String($0 + 1) }.joined(separator: ", "))"
        if expected.count != actual.count { text += " (expected \(expected.count) rows, screen has \(actual.count))" }
        text += ":\n"
        let quotedExpected = expected.map(Self.quoted), quotedActual = actual.map(Self.quoted)
        let columnWidth = max(8, quotedExpected.map(\.displayWidth).max() ?? 0)
        text += "    " + Self.padded("expected", to: columnWidth) + " | actual\n"
        for row in 0..<max(expected.count, actual.count) {
            let marker = differingRows.contains(row) ? "✗" + String(row + 1) : ""
            let left = row < quotedExpected.count ? quotedExpected[row] : "(none)"
            let right = row < quotedActual.count ? quotedActual[row] : "(none)"
            text +=
                Self.padded(marker, to: 4)
                + Self.padded(left, to: columnWidth) + " | " + right + "\n"
        }
        return text
    }

    /// A screen's lines in a frame, for messages that show the whole screen.
    static func framed(_ lines: [String]) -> String {
        lines.enumerated().map { padded(String($0.offset + 1), to: 4) + quoted($0.element) }
            .joined(separator: "\n")
    }

    private static func quoted(_ line: String) -> String { "\"" + line + "\"" }

    /// `text` followed by spaces up to `width` terminal columns (wide characters count two).
    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.displayWidth))
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
