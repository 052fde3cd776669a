/// Wraps styled text into rows of a width, by words, like `TextWrapper` does for plain text: a row
/// breaks after a space, a word longer than a row is broken, "\n" forces a break. Tabs count as spaces.
enum StyledTextWrapper {
    static func rows(of text: StyledText, width: Int) -> [StyledText] {
        let width = max(1, width)
        var rows: [StyledText] = []
        /// Characters of the row being built, with their span's style.
        var row: [(Character, Style)] = []
        var column = 0
        /// Where in `row` the word after the last space starts, and the columns before it.
        var wordStart: (index: Int, column: Int)?

        func emit(_ characters: ArraySlice<(Character, Style)>) {
            var line = StyledText()
            for (character, style) in characters {
                if let last = line.spans.last, last.style == style {
                    line.spans[line.spans.count - 1].text.append(character)
                } else {
                    line.append(String(character), style: style)
                }
            }
            rows.append(line)
        }

        for span in text.spans {
            for original in span.text {
                let character: Character = original == "\t" ? " " : original
                if character == "\n" {
                    emit(row[...])
                    row.removeAll(keepingCapacity: true)
                    column = 0
                    wordStart = nil
                    continue
                }
                let advance = GlyphLayout.advance(of: character, atColumn: column)
                if column + advance > width, column > 0 {
                    if character == " " {
                        emit(row[...])
                        row.removeAll(keepingCapacity: true)
                        column = 0
                        wordStart = nil
                        continue  // the space a break falls on is dropped
                    } else if let start = wordStart, start.index > 0, column - start.column + advance <= width {
                        emit(row[..<start.index])
                        row.removeFirst(start.index)
                        column -= start.column
                    } else {
                        emit(row[...])
                        row.removeAll(keepingCapacity: true)
                        column = 0
                    }
                    wordStart = nil
                }
                row.append((character, span.style))
                column += advance
                if character == " " { wordStart = (row.count, column) }
            }
        }
        if !row.isEmpty || rows.isEmpty { emit(row[...]) }
        return rows
    }
}
