/// What a single line of Markdown can start, by CommonMark's block rules (simplified where journal
/// text does not need more: no HTML blocks, no link reference definitions, tabs only at line starts).
enum MarkdownLine {
    /// The columns of leading spaces (a tab at the start counts to the next multiple of 4).
    static func indent(of line: Substring) -> Int {
        // Bytes, not characters: nested lists re-read long indents once per level.
        var columns = 0
        for byte in line.utf8 {
            if byte == 0x20 { columns += 1 } else if byte == 0x09 { columns += 4 - columns % 4 } else { break }
        }
        return columns
    }

    static func isBlank(_ line: Substring) -> Bool {
        firstNonSpaceByte(line) == nil
    }

    /// The line without its first `columns` columns of indentation (tabs expanded as needed).
    static func dropIndent(_ line: Substring, columns: Int) -> Substring {
        var remaining = columns
        var index = line.startIndex
        var column = 0
        while remaining > 0, index < line.endIndex {
            let character = line[index]
            if character == " " {
                column += 1; remaining -= 1
            } else if character == "\t" {
                let width = 4 - column % 4
                if width > remaining {
                    // Part of the tab stays: as spaces.
                    let rest = String(repeating: " ", count: width - remaining) + line[line.index(after: index)...]
                    return Substring(rest)
                }
                column += width; remaining -= width
            } else {
                break
            }
            index = line.index(after: index)
        }
        return line[index...]
    }

    static func trimmed(_ line: Substring) -> Substring {
        var start = line.startIndex, end = line.endIndex
        while start < end, line[start] == " " || line[start] == "\t" { start = line.index(after: start) }
        while end > start, line[line.index(before: end)] == " " || line[line.index(before: end)] == "\t" {
            end = line.index(before: end)
        }
        return line[start..<end]
    }

    /// An opening (or closing) code fence: three or more backticks or tildes after at most three spaces.
    static func fence(_ line: Substring) -> (character: Character, length: Int, indent: Int, info: Substring)? {
        let indent = indent(of: line)
        guard indent <= 3 else { return nil }
        let rest = trimmed(line)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let length = rest.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = trimmed(rest.dropFirst(length))
        if first == "`", info.contains("`") { return nil }
        return (first, length, indent, info)
    }

    /// `# Heading` to `###### Heading`, without the optional closing `#`s.
    static func atxHeading(_ line: Substring) -> (level: Int, text: Substring)? {
        guard indent(of: line) <= 3 else { return nil }
        let rest = trimmed(line)
        let level = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let afterHashes = rest.dropFirst(level)
        guard afterHashes.isEmpty || afterHashes.first == " " || afterHashes.first == "\t" else { return nil }
        var text = trimmed(afterHashes)
        // A closing sequence of #s counts only after a space (or as the whole text).
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = text.dropLast(closing)
            if before.isEmpty || before.last == " " || before.last == "\t" { text = trimmed(before) }
        }
        return (level, text)
    }

    /// `***`, `---`, `___` (three or more, spaces allowed between) after at most three spaces.
    static func isRule(_ line: Substring) -> Bool {
        guard indent(of: line) <= 3 else { return false }
        let rest = trimmed(line)
        guard let first = rest.first, first == "*" || first == "-" || first == "_" else { return false }
        var count = 0
        for character in rest {
            if character == first { count += 1 } else if character != " " && character != "\t" { return false }
        }
        return count >= 3
    }

    /// The bytes a block other than a numbered list item may start with: `#`, a fence, a rule, `>`, a bullet.
    private static let blockStartBytes: Set<UInt8> = Set("#`~*-_>+".utf8)

    /// The first byte after leading spaces and tabs, nil for a blank line.
    static func firstNonSpaceByte(_ line: Substring) -> UInt8? {
        line.utf8.first { $0 != 0x20 && $0 != 0x09 }
    }

    /// `===` or `---` under a paragraph line: the level of the setext heading it makes.
    static func setextLevel(_ line: Substring) -> Int? {
        guard let first = firstNonSpaceByte(line), first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else {
            return nil
        }
        guard indent(of: line) <= 3 else { return nil }
        let rest = trimmed(line)
        guard let first = rest.first, first == "=" || first == "-", rest.allSatisfy({ $0 == first }) else { return nil }
        return first == "=" ? 1 : 2
    }

    /// The content of a `>` line (one optional space after the `>` dropped).
    static func quoteContent(_ line: Substring) -> Substring? {
        guard indent(of: line) <= 3 else { return nil }
        let rest = dropIndent(line, columns: indent(of: line))
        guard rest.first == ">" else { return nil }
        var content = rest.dropFirst()
        if content.first == " " {
            content = content.dropFirst()
        } else if content.first == "\t" {
            content = dropIndent(content, columns: 1)
        }
        return content
    }

    /// A list item's marker: bullets `-`, `+`, `*`; numbers of up to nine digits followed by `.` or `)`.
    struct ListMarker {
        /// The bullet character, or the delimiter after the number: items of one list share it.
        var symbol: Character
        /// The number of a numbered item.
        var number: Int?
        /// The column the item's content starts at; continuation lines are indented this far.
        var contentIndent: Int
        /// The first line's content.
        var content: Substring
    }

    static func listMarker(_ line: Substring) -> ListMarker? {
        let indent = indent(of: line)
        guard indent <= 3 else { return nil }
        let rest = dropIndent(line, columns: indent)
        guard let first = rest.first else { return nil }
        var markerWidth: Int
        var symbol: Character
        var number: Int?
        if first == "-" || first == "+" || first == "*" {
            markerWidth = 1
            symbol = first
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let delimiter = rest.dropFirst(digits.count).first,
                delimiter == "." || delimiter == ")"
            else { return nil }
            markerWidth = digits.count + 1
            symbol = delimiter
            number = Int(digits)
        }
        let afterMarker = rest.dropFirst(markerWidth)
        if afterMarker.isEmpty || isBlank(afterMarker) {
            return ListMarker(symbol: symbol, number: number, contentIndent: indent + markerWidth + 1, content: "")
        }
        guard afterMarker.first == " " || afterMarker.first == "\t" else { return nil }
        let spaces = Self.indent(of: afterMarker)
        // Five or more spaces: the content is indented code, one space belongs to the marker.
        let padding = spaces > 4 ? 1 : spaces
        return ListMarker(
            symbol: symbol, number: number, contentIndent: indent + markerWidth + padding,
            content: dropIndent(afterMarker, columns: padding))
    }

    /// The cells of a table row: split at `|` not escaped by a backslash, outer pipes dropped.
    static func tableCells(_ line: Substring) -> [Substring] {
        var text = trimmed(line)
        if text.first == "|" { text = text.dropFirst() }
        if text.last == "|", !text.hasSuffix("\\|") { text = text.dropLast() }
        var cells: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        var escaped = false
        var inCode = false
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "`" {
                inCode.toggle()
            } else if character == "|", !inCode {
                cells.append(trimmed(text[start..<index]))
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        cells.append(trimmed(text[start..<text.endIndex]))
        return cells
    }

    /// The alignments of a table's delimiter row (`| --- | :-: |`), or nil when the line is not one.
    static func tableAlignments(_ line: Substring) -> [MarkdownColumnAlignment]? {
        guard indent(of: line) <= 3, line.contains("-"), line.contains("|") || line.contains(":") else { return nil }
        var alignments: [MarkdownColumnAlignment] = []
        for cell in tableCells(line) {
            let leading = cell.first == ":", trailing = cell.last == ":"
            let dashes = cell.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(leading && trailing ? .center : trailing ? .trailing : .leading)
        }
        return alignments
    }

    /// Whether `line` starts a block that ends a paragraph before it (CommonMark: a numbered list
    /// interrupts one only when it starts at 1, an empty item never does).
    static func interruptsParagraph(_ line: Substring) -> Bool {
        // Most lines of running text start with a letter: no block starts so, and this answers
        // without the checks below (which would look at each line five times).
        guard let first = firstNonSpaceByte(line), blockStartBytes.contains(first) || (0x30...0x39).contains(first)
        else { return false }
        if atxHeading(line) != nil || fence(line) != nil || isRule(line) || quoteContent(line) != nil { return true }
        if let marker = listMarker(line), !isBlank(marker.content), marker.number == nil || marker.number == 1 {
            return true
        }
        return false
    }
}
