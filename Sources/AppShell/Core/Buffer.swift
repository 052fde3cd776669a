/// A grid of cells that scenes draw into; the renderer compares two buffers and writes the difference.
public struct Buffer: Hashable, Sendable {
    /// The buffer's width and height in cells, fixed at creation.
    public private(set) var size: Size
    /// Row-major cells, `size.width * size.height` of them.
    public private(set) var cells: [Cell]

    /// Creates a buffer of `size` with every cell set to `cell` (blank by default).
    public init(size: Size, filling cell: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: cell, count: size.width * size.height)
    }

    /// The whole buffer as a rect at the origin, the bounds every drawing call clips to.
    public var area: Rect { Rect(size: size) }

    /// The cell at a position; positions outside the buffer read as blank and ignore writes.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Sets every cell of `rect` (clipped to the buffer) to `cell`.
    ///
    /// A wide grapheme cut in half by the rect's left or right edge is blanked, so no half survives.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let clipped = rect.intersection(area)
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            if clipped.x > 0, self[clipped.x - 1, y].width == 2 {
                self[clipped.x - 1, y] = Cell(text: " ", style: self[clipped.x - 1, y].style)
            }
            if clipped.maxX < size.width, self[clipped.maxX, y].isContinuation {
                self[clipped.maxX, y] = Cell(text: " ", style: self[clipped.maxX, y].style)
            }
        }
        // Every frame starts with a fill of the whole screen: one pass over the storage, without a
        // bounds and uniqueness check per cell.
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in clipped.y..<clipped.maxY {
                let row = y * width
                for x in clipped.x..<clipped.maxX { cells[row + x] = cell }
            }
        }
    }

    /// The cells of the one-row `rect` (inside the buffer), left to right.
    func cells(ofRow rect: Rect) -> [Cell] {
        let start = rect.y * size.width + rect.x
        return Array(cells[start..<(start + rect.width)])
    }

    /// Puts `row` (cells as `cells(ofRow:)` returned them, as many as `rect` is wide) back into the
    /// one-row `rect` inside the buffer, and blanks a wide grapheme cut by the rect's edges as `fill`
    /// does: the buffer then holds what drawing the same row into `rect` after a fill would leave.
    mutating func put(row: [Cell], in rect: Rect) {
        guard rect.height == 1, rect.x >= 0, rect.y >= 0, rect.maxX <= size.width, rect.y < size.height,
            row.count == rect.width
        else { return }
        if rect.x > 0, self[rect.x - 1, rect.y].width == 2 {
            self[rect.x - 1, rect.y] = Cell(text: " ", style: self[rect.x - 1, rect.y].style)
        }
        if rect.maxX < size.width, self[rect.maxX, rect.y].isContinuation {
            self[rect.maxX, rect.y] = Cell(text: " ", style: self[rect.maxX, rect.y].style)
        }
        let start = rect.y * size.width + rect.x
        cells.replaceSubrange(start..<(start + rect.width), with: row)
    }
}
