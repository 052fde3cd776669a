/// Splits text into lines and lines into rows of a given width, by words.
///
/// Rows are ranges into the original string, so wrapping copies nothing; widths are measured exactly
/// as `Buffer.put` draws (controls as notation, wide graphemes as two, tabs from the row's start).
public enum TextWrapper {
    /// The lines of `text`, split at LF (a CRLF's CR is dropped with it). A final newline does not
    /// start another line; empty text is one empty line.
    public static func lines(of text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        // Byte scan: a 10 MB text splits in one pass without decoding graphemes.
        let scanned: Void? = utf8.withContiguousStorageIfAvailable { bytes in
            var startOffset = 0
            var startIndex = utf8.startIndex
            for offset in 0..<bytes.count where bytes[offset] == 0x0A {
                let lineEndOffset = offset > startOffset && bytes[offset - 1] == 0x0D ? offset - 1 : offset
                let end = utf8.index(startIndex, offsetBy: lineEndOffset - startOffset)
                ranges.append(startIndex..<end)
                startIndex = utf8.index(startIndex, offsetBy: offset + 1 - startOffset)
                startOffset = offset + 1
            }
            lineStart = startIndex
        }
        if scanned == nil {
            while index != utf8.endIndex {
                if utf8[index] == 0x0A {
                    var end = index
                    if end > lineStart, utf8[utf8.index(before: end)] == 0x0D { end = utf8.index(before: end) }
                    ranges.append(lineStart..<end)
                    lineStart = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
        }
        if lineStart != utf8.endIndex || ranges.isEmpty {
            ranges.append(lineStart..<utf8.endIndex)
        }
        return ranges
    }

    /// The rows of `line` at `width` columns: breaks after spaces, words longer than a row are broken,
    /// a wide grapheme that does not fit moves to the next row, an empty line is one empty row.
    /// The spaces a row ends on stay in it (they draw as blanks); the space a break falls on is dropped.
    /// With a `limit`, stops after that many rows (to learn whether text fits without wrapping it all).
    public static func rows(of line: Substring, width: Int, limit: Int = .max) -> [Range<String.Index>] {
        let width = max(1, width)
        var rows: [Range<String.Index>] = []
        var rowStart = line.startIndex
        var column = 0
        /// Where the word after the last space of this row starts.
        var wordStart: String.Index?
        var index = line.startIndex
        while index < line.endIndex, rows.count < limit {
            let character = line[index]
            let advance = GlyphLayout.advance(of: character, atColumn: column)
            if column + advance > width, column > 0 {
                if character == " " {
                    rows.append(rowStart..<index)
                    index = line[index...].firstIndex { $0 != " " } ?? line.endIndex
                    rowStart = index
                } else if let start = wordStart, start > rowStart {
                    rows.append(rowStart..<start)
                    rowStart = start
                    index = start
                } else {
                    rows.append(rowStart..<index)
                    rowStart = index
                }
                column = 0
                wordStart = nil
                continue
            }
            column += advance
            index = line.index(after: index)
            if character == " " || character == "\t" { wordStart = index }
        }
        if rows.count < limit, rowStart < line.endIndex || rows.isEmpty {
            rows.append(rowStart..<line.endIndex)
        }
        return rows
    }
}
