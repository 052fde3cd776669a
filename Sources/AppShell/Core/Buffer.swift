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
}
