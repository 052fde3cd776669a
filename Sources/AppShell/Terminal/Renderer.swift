/// Turns frames (buffers) into the bytes that update the terminal: only the cells that changed since the
/// previous frame, with as few cursor moves and SGR changes as it can.
///
/// - The first frame, and the first after `invalidate()` (resize, resume) or a size change, clears the
///   screen and writes every non-blank cell.
/// - A block of rows that moved (a scrolled list) is scrolled in place with a scroll region (DECSTBM + SU/SD)
///   instead of being rewritten.
/// - Continuation cells of wide graphemes are skipped; control characters in cell text are written as
///   visible symbols (see `CellText`), so data can never become an escape sequence.
/// - Auto-wrap is off while the UI runs (see `ControlSequences.enterUI`), so writing the bottom-right
///   cell never scrolls the screen.
/// - A grapheme whose width terminals disagree about (`DisputedWidth`: 👍🏽, flags, ❤️…) is written over
///   its erased cells, the cursor is then placed absolutely, and the cells the terminal may have drawn
///   it over are written again (or erased to the end of the row): however wide or narrow the terminal
///   draws it, nothing of an older frame survives beside it, and the rest of the row stays in place.
///
/// ```swift
/// var renderer = Renderer(colorSupport: .indexed256)
/// try renderer.render(buffer, to: FileDescriptorSink(fileDescriptor: STDOUT_FILENO))
/// ```
public struct Renderer: Sendable {
    /// How colours are written.
    public let colorSupport: ColorSupport
    /// Wraps each frame in DEC mode 2026 (synchronized output) so terminals show it whole.
    public var usesSynchronizedOutput: Bool
    /// Scrolls moved blocks of rows with a scroll region instead of rewriting them.
    public var usesScrollRegions: Bool
    /// Guards against terminals that draw a disputed grapheme wider or narrower than it is counted (see
    /// the type's notes). On by default; off only to show, in tests, the garbage it prevents.
    public var guardsDisputedWidths = true

    /// What the terminal shows now; nil when unknown (the next frame is a full redraw).
    private var screen: Buffer?
    /// Where the terminal's cursor is; nil when unknown. `x` may equal the width (past the last column).
    private var cursor: (x: Int, y: Int)?
    /// The SGR state in force on the terminal (an effective style); nil when unknown.
    private var currentStyle: Style?
    private let encoder: StyleEncoder
    /// The last style converted by `encoder.effective`, to skip the conversion for runs of equal styles.
    private var styleCache: (style: Style, effective: Style)?

    /// A renderer that has drawn nothing yet (its first frame is a full redraw).
    public init(colorSupport: ColorSupport, usesSynchronizedOutput: Bool = true, usesScrollRegions: Bool = true) {
        self.colorSupport = colorSupport
        self.usesSynchronizedOutput = usesSynchronizedOutput
        self.usesScrollRegions = usesScrollRegions
        self.encoder = StyleEncoder(colorSupport: colorSupport)
    }

    /// Forgets what the terminal shows: the next frame is a full redraw. Call after a resize, after the
    /// UI was suspended, or whenever something else may have written to the screen.
    public mutating func invalidate() {
        screen = nil
        cursor = nil
        currentStyle = nil
    }

    /// Writes the bytes that bring the terminal from the previous frame to `buffer` (nothing when equal).
    public mutating func render(_ buffer: Buffer, to sink: any ByteSink) throws {
        let bytes = frame(buffer)
        if !bytes.isEmpty { try sink.write(bytes) }
    }

    /// The bytes that bring the terminal from the previous frame to `buffer`; empty when nothing changed.
    /// The renderer then assumes they were written.
    public mutating func frame(_ buffer: Buffer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        if usesSynchronizedOutput { out.append(contentsOf: ControlSequences.beginFrame) }
        let prefixLength = out.count

        // What each row shows now: a row of the previous frame, or nil for a blank row.
        let old: [Cell]
        var sources: [Int?]
        if let screen, screen.size == buffer.size {
            old = screen.cells
            sources = Array(0..<buffer.size.height)
        } else {
            out.append(contentsOf: ControlSequences.resetAndClear)
            currentStyle = .plain
            cursor = nil
            old = []
            sources = Array(repeating: nil, count: buffer.size.height)
        }

        var rowsKnownEqual = 0..<0
        // Which rows differ where they are, compared once for finding a shift and for the rows below.
        var changed: [Bool]?
        if let screen, screen.size == buffer.size { changed = FrameDiff.changedRows(from: screen, to: buffer) }
        if usesScrollRegions, let screen, let changed,
            let shift = FrameDiff.detectShift(
                from: screen, to: buffer, maxDistance: max(1, buffer.size.height / 2), changed: changed)
        {
            appendScroll(shift, to: &out)
            FrameDiff.apply(shift, to: &sources)
            rowsKnownEqual = shift.top..<shift.bottom
        }

        let width = buffer.size.width
        let newCells = buffer.cells
        let blankRow = [Cell](repeating: .blank, count: width)
        for y in 0..<buffer.size.height where !rowsKnownEqual.contains(y) {
            if let source = sources[y] {
                if source == y, let changed {
                    if !changed[y] { continue }
                } else if FrameDiff.rowsEqual(newCells, y, old, source, width: width) {
                    continue
                }
                appendRowChanges(
                    row: y, new: newCells, old: old, oldRow: source, width: width, height: buffer.size.height, to: &out)
            } else {
                if FrameDiff.rowsEqual(newCells, y, blankRow, 0, width: width) { continue }
                appendRowChanges(
                    row: y, new: newCells, old: blankRow, oldRow: 0, width: width, height: buffer.size.height, to: &out)
            }
        }

        screen = buffer
        guard out.count > prefixLength else { return [] }
        if usesSynchronizedOutput { out.append(contentsOf: ControlSequences.endFrame) }
        return out
    }

    // MARK: - Scrolling

    private mutating func appendScroll(_ shift: RowShift, to out: inout [UInt8]) {
        // Scrolled-in rows take the current background on most terminals: make it the default first.
        if currentStyle != .plain {
            out.append(contentsOf: ControlSequences.resetAttributes)
            currentStyle = .plain
        }
        ControlSequences.appendScrollRegion(top: shift.regionTop, bottom: shift.regionBottom, to: &out)
        ControlSequences.appendScroll(up: shift.distance > 0, by: abs(shift.distance), to: &out)
        out.append(contentsOf: ControlSequences.resetScrollRegion)
        cursor = nil  // DECSTBM homes the cursor.
    }

    // MARK: - Cells

    /// Writes the cells of row `y` of `new` that differ from row `oldRow` of `old` (what the screen shows).
    /// After a disputed grapheme, the cells the terminal may have drawn it over are written too, changed
    /// or not (see `rewriteCellsDrawnOver`).
    private mutating func appendRowChanges(
        row y: Int, new: [Cell], old: [Cell], oldRow: Int, width: Int, height: Int, to out: inout [UInt8]
    ) {
        let start = y * width, oldStart = oldRow * width
        var x = 0
        while x < width {
            let cell = new[start + x]
            if cell.isContinuation {
                // A continuation without its wide grapheme on the left is drawn as a blank.
                if x == 0 || new[start + x - 1].width != 2, cell != old[oldStart + x] {
                    write(
                        Cell(text: " ", style: cell.style), atX: x, y: y, width: width, height: height, new: new,
                        to: &out)
                }
                x += 1
                continue
            }
            let isWide = cell.width == 2
            let changed =
                cell != old[oldStart + x] || (isWide && x + 1 < width && new[start + x + 1] != old[oldStart + x + 1])
            if changed {
                if guardsDisputedWidths && isDisputedAndWhole(row: y, x: x, width: width, new: new) {
                    x = rewriteCellsDrawnOver(row: y, after: x, width: width, height: height, new: new, to: &out)
                    continue
                }
                write(cell, atX: x, y: y, width: width, height: height, new: new, to: &out)
            }
            x += isWide ? 2 : 1
        }
    }

    /// Writes the disputed grapheme at column `x` of row `y`, then every cell up to the widest the terminal
    /// may have drawn it (and any disputed grapheme among them) whether it changed or not, erasing to the
    /// end of the row instead when the rest of it is blank. Returns the column to go on from.
    private mutating func rewriteCellsDrawnOver(
        row y: Int, after x: Int, width: Int, height: Int, new: [Cell], to out: inout [UInt8]
    ) -> Int {
        let start = y * width
        writeDisputed(new[start + x], atX: x, y: y, width: width, height: height, new: new, to: &out)
        var until = x + DisputedWidth.widestDrawing(of: new[start + x].text)
        let blankTail = plainBlankTail(row: y, width: width, new: new)
        var column = x + Int(new[start + x].width)
        while column < min(until, width) {
            if column >= blankTail {
                eraseToEndOfRow(row: y, fromX: column, width: width, height: height, new: new, to: &out)
                return width
            }
            let cell = new[start + column]
            if cell.isContinuation {
                // Wide graphemes are stepped over whole, so this one has none on its left: a blank.
                write(
                    Cell(text: " ", style: cell.style), atX: column, y: y, width: width, height: height, new: new,
                    to: &out)
                column += 1
            } else if isDisputedAndWhole(row: y, x: column, width: width, new: new) {
                writeDisputed(cell, atX: column, y: y, width: width, height: height, new: new, to: &out)
                until = max(until, column + DisputedWidth.widestDrawing(of: cell.text))
                column += Int(cell.width)
            } else {
                write(cell, atX: column, y: y, width: width, height: height, new: new, to: &out)
                column += cell.width == 2 && column + 1 < width && new[start + column + 1].isContinuation ? 2 : 1
            }
        }
        return column
    }

    /// True when the cell at (x, y) holds a grapheme whose width terminals disagree about, narrow or wide
    /// with its continuation cell (a wide one without it is drawn as a blank).
    private func isDisputedAndWhole(row y: Int, x: Int, width: Int, new: [Cell]) -> Bool {
        let cell = new[y * width + x]
        guard cell.text.utf8.count > 1 else { return false }  // ASCII: never
        if cell.width == 2 && !(x + 1 < width && new[y * width + x + 1].isContinuation) { return false }
        return DisputedWidth.isDisputed(cell.text)
    }

    /// The first column of row `y`'s trailing run of plain blanks (default colours, no attributes),
    /// which erasing to the end of the row reproduces; `width` when the row ends otherwise.
    private mutating func plainBlankTail(row y: Int, width: Int, new: [Cell]) -> Int {
        var column = width
        while column > 0 {
            let cell = new[y * width + column - 1]
            guard cell.text == " ", cell.width == 1, effectiveStyle(cell.style) == .plain else { break }
            column -= 1
        }
        return column
    }

    /// Erases row `y` from column `x` to its end (the cells hold plain blanks).
    private mutating func eraseToEndOfRow(
        row y: Int, fromX x: Int, width: Int, height: Int, new: [Cell], to out: inout [UInt8]
    ) {
        moveCursor(toX: x, y: y, width: width, height: height, new: new, to: &out)
        if currentStyle != .plain {
            out.append(contentsOf: ControlSequences.resetAttributes)
            currentStyle = .plain
        }
        out.append(contentsOf: ControlSequences.eraseToEndOfRow)
    }

    private mutating func write(
        _ cell: Cell, atX x: Int, y: Int, width: Int, height: Int, new: [Cell], to out: inout [UInt8]
    ) {
        moveCursor(toX: x, y: y, width: width, height: height, new: new, to: &out)
        let style = effectiveStyle(cell.style)
        encoder.appendTransition(from: currentStyle, to: style, into: &out)
        currentStyle = style
        var advance = Int(cell.width)
        let wellFormedWide = advance == 2 && x + 1 < width && new[y * width + x + 1].isContinuation
        if advance == 2 && !wellFormedWide {
            // A wide grapheme in the last column, or without its continuation cell, cannot be drawn right.
            out.append(0x20)
            advance = 1
        } else {
            CellText.append(cell.text, to: &out)
            advance = max(1, advance)
        }
        cursor = (x + advance, y)
    }

    /// Writes a grapheme whose width terminals disagree about over its erased cells, so a terminal that
    /// draws it narrower shows blanks there, not an older frame's text; where the cursor ends up is then
    /// unknown, and the next write positions it absolutely.
    private mutating func writeDisputed(
        _ cell: Cell, atX x: Int, y: Int, width: Int, height: Int, new: [Cell], to out: inout [UInt8]
    ) {
        moveCursor(toX: x, y: y, width: width, height: height, new: new, to: &out)
        let style = effectiveStyle(cell.style)
        encoder.appendTransition(from: currentStyle, to: style, into: &out)
        currentStyle = style
        ControlSequences.appendEraseCharacters(max(1, Int(cell.width)), to: &out)
        CellText.append(cell.text, to: &out)
        cursor = nil
    }

    private mutating func effectiveStyle(_ style: Style) -> Style {
        if let styleCache, styleCache.style == style { return styleCache.effective }
        let effective = encoder.effective(style)
        styleCache = (style, effective)
        return effective
    }

    /// Moves the cursor the cheapest way it knows: not at all, rewriting a short gap of unchanged cells,
    /// forward on the same row (CUF), to the start of the next row (CR LF), or anywhere (CUP).
    private mutating func moveCursor(toX x: Int, y: Int, width: Int, height: Int, new: [Cell], to out: inout [UInt8]) {
        if let current = cursor, current.y == y {
            if current.x == x { return }
            if x > current.x && current.x < width {
                let gap = x - current.x
                if gap <= 4 && canRewrite(from: current.x, to: x, row: y, width: width, new: new) {
                    for column in current.x..<x { out.append(contentsOf: new[y * width + column].text.utf8) }
                } else {
                    ControlSequences.appendCursorForward(gap, to: &out)
                }
                cursor = (x, y)
                return
            }
        }
        if let current = cursor, x == 0, current.y + 1 == y, y < height {
            out.append(0x0D)
            out.append(0x0A)
        } else {
            ControlSequences.appendCursorPosition(row: y, column: x, to: &out)
        }
        cursor = (x, y)
    }

    /// True when the cells between two columns are single printable ASCII bytes already in the current
    /// style, so writing them again moves the cursor for fewer bytes than an escape sequence.
    private mutating func canRewrite(from start: Int, to end: Int, row y: Int, width: Int, new: [Cell]) -> Bool {
        for column in start..<end {
            let cell = new[y * width + column]
            guard cell.width == 1, cell.text.utf8.count == 1, let byte = cell.text.utf8.first,
                byte >= 0x20, byte < 0x7F, effectiveStyle(cell.style) == currentStyle
            else { return false }
        }
        return true
    }
}
