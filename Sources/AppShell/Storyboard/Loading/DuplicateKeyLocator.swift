/// Finds the second occurrence of a duplicated mapping key in YAML text, given the first one (where
/// Yams points), and renames it so that parsing can go on. Handles block mappings (`key:` lines at the
/// same indentation) and flow mappings (`{a: 1, a: 2}`); returns nil when it cannot be sure.
struct DuplicateKeyLocator {
    private var lines: [[Unicode.Scalar]]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    }

    /// The text with the later duplicate of `name` renamed to `placeholder`, and where that key was.
    func renameDuplicate(
        of name: String, firstAt first: SourceLocation, to placeholder: String
    ) -> (text: String, location: SourceLocation)? {
        let key = Array(name.unicodeScalars)
        let firstLine = first.line - 1, firstColumn = first.column - 1
        guard lines.indices.contains(firstLine), firstColumn >= 0,
              let firstLength = tokenLength(of: key, in: lines[firstLine], at: firstColumn)
        else { return nil }
        let isBlock = lines[firstLine][..<firstColumn].allSatisfy { $0 == " " || $0 == "-" || $0 == "?" }
        let found = isBlock
            ? blockDuplicate(of: key, afterLine: firstLine, column: firstColumn)
            : flowDuplicate(of: key, line: firstLine, column: firstColumn + firstLength)
        guard let (line, column) = found, let length = tokenLength(of: key, in: lines[line], at: column) else {
            return nil
        }
        var renamed = lines
        renamed[line].replaceSubrange(column..<(column + length), with: placeholder.unicodeScalars)
        var text = String.UnicodeScalarView()
        for (index, scalars) in renamed.enumerated() {
            if index > 0 { text.append("\n") }
            text.append(contentsOf: scalars)
        }
        return (String(text), SourceLocation(line: line + 1, column: column + 1))
    }

    /// A later key at the same indentation, before the mapping ends (a line indented less).
    private func blockDuplicate(of key: [Unicode.Scalar], afterLine firstLine: Int, column: Int) -> (Int, Int)? {
        for index in (firstLine + 1)..<max(firstLine + 1, lines.count) {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            guard indent < line.count, line[indent] != "#", line[indent] != "\r" else { continue }
            if indent < column { return nil }
            if indent == column, tokenLength(of: key, in: line, at: column) != nil { return (index, column) }
        }
        return nil
    }

    /// A later key of the same flow mapping: after a comma at the mapping's own bracket depth.
    private func flowDuplicate(of key: [Unicode.Scalar], line firstLine: Int, column: Int) -> (Int, Int)? {
        var depth = 0
        var afterComma = false
        var line = firstLine, index = column
        while line < lines.count {
            let scalars = lines[line]
            while index < scalars.count {
                let scalar = scalars[index]
                if afterComma, scalar != " ", scalar != "\t", scalar != "\r" {
                    if tokenLength(of: key, in: scalars, at: index) != nil { return (line, index) }
                    afterComma = false
                }
                switch scalar {
                case "{", "[": depth += 1
                case "}", "]":
                    depth -= 1
                    if depth < 0 { return nil }
                case ",": afterComma = depth == 0
                default: break
                }
                index += 1
            }
            line += 1
            index = 0
        }
        return nil
    }

    /// The length of `key` written at `column` (plain or quoted) when it is followed by `:`.
    private func tokenLength(of key: [Unicode.Scalar], in line: [Unicode.Scalar], at column: Int) -> Int? {
        guard column < line.count else { return nil }
        let quote = line[column]
        let isQuoted = quote == "\"" || quote == "'"
        let start = isQuoted ? column + 1 : column
        let end = start + key.count
        guard end <= line.count, Array(line[start..<end]) == key else { return nil }
        var after = end
        if isQuoted {
            guard after < line.count, line[after] == quote else { return nil }
            after += 1
        }
        let length = after - column
        while after < line.count, line[after] == " " { after += 1 }
        guard after < line.count, line[after] == ":" else { return nil }
        return length
    }
}
