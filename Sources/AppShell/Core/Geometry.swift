/// A cell position: column `x`, row `y`, both zero-based from the top left.
public struct Point: Hashable, Sendable {
    /// The column, counted from 0 at the left edge.
    public var x: Int
    /// The row, counted from 0 at the top edge.
    public var y: Int

    /// Creates a point at column `x`, row `y`; negative values are allowed and lie outside any buffer.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A size in cells.
public struct Size: Hashable, Sendable {
    /// The number of columns, never negative.
    public var width: Int
    /// The number of rows, never negative.
    public var height: Int

    /// Creates a size; a negative width or height becomes 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No columns and no rows.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle of cells. Width and height are never negative; an empty rect draws nothing.
public struct Rect: Hashable, Sendable {
    /// The column of the left edge, counted from 0.
    public var x: Int
    /// The row of the top edge, counted from 0.
    public var y: Int
    /// The number of columns, never negative.
    public var width: Int
    /// The number of rows, never negative.
    public var height: Int

    /// Creates a rect from its top-left corner and size; a negative width or height becomes 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Creates a rect of `size` whose top-left corner is `origin` (the top left of the screen by default).
    public init(origin: Point = Point(x: 0, y: 0), size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// Whether the rect covers no cell (zero width or zero height).
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The first column to the right of the rect (exclusive end).
    public var maxX: Int { x + width }
    /// The first row below the rect (exclusive end).
    public var maxY: Int { y + height }
    /// The rect's width and height without its position.
    public var size: Size { Size(width: width, height: height) }

    /// The part of this rect that lies inside `other` (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rect shrunk by the given margins (never below empty).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }
}
