/// What a `ListView` shows. The list asks only for the rows on screen, so a source can stand for a
/// million rows kept in a database.
///
/// `count` is read once per frame and once per key, so keep it cheap (cache it; call `reload()` on the
/// list after it changes, which also keeps the selection in range and tells the delegate).
@MainActor
public protocol ListDataSource {
    /// The number of rows.
    var count: Int { get }
    /// The row at `index` (`0..<count`), asked for only while it is on screen.
    func row(at index: Int) -> ListRow
}

/// One row of a list: a line of styled text, aligned columns, or a custom drawing.
public struct ListRow {
    public enum Content {
        /// One line spanning the list's width, truncated with "…".
        case text(StyledText)
        /// One text per `ListColumn` of the list, each truncated to its column.
        case columns([StyledText])
        /// Draws the row itself into the rect it is given; the style is the row's (selected or not).
        case custom(@MainActor (inout Buffer, Rect, Style) -> Void)
    }

    public var content: Content
    /// A second line under the row (a search result's snippet), drawn when the list's rows are two
    /// lines high (``ListView/rowHeight``), indented by two columns; ignored in one-line rows.
    public var detail: StyledText?

    public init(_ text: StyledText) {
        self.content = .text(text)
    }

    public init(columns: [StyledText], detail: StyledText? = nil) {
        self.content = .columns(columns)
        self.detail = detail
    }

    public init(render: @escaping @MainActor (inout Buffer, Rect, Style) -> Void) {
        self.content = .custom(render)
    }
}

/// A column of a list: its width and how its text sits in it.
public struct ListColumn: Hashable, Sendable {
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of the width left after fixed columns, at least `minimum`.
        case flexible(minimum: Int)
    }

    public var width: Width
    public var alignment: TextAlignment

    public init(_ width: Width, alignment: TextAlignment = .leading) {
        self.width = width
        self.alignment = alignment
    }

    /// Where each column goes in `width` columns, `spacing` apart: x offsets and widths, cut at the
    /// right edge (a column that does not fit gets width 0).
    public static func layout(_ columns: [ListColumn], width: Int, spacing: Int) -> [(x: Int, width: Int)] {
        guard !columns.isEmpty else { return [] }
        let fixedTotal = columns.reduce(0) { total, column in
            if case .fixed(let size) = column.width { return total + max(0, size) }
            return total
        }
        let flexibleCount = columns.filter { if case .flexible = $0.width { return true } else { return false } }.count
        let spare = max(0, width - fixedTotal - spacing * (columns.count - 1))
        var x = 0
        var flexibleSeen = 0
        return columns.map { column in
            let size: Int
            switch column.width {
            case .fixed(let fixed): size = max(0, fixed)
            case .flexible(let minimum):
                // Spread the spare width; the first flexible columns take the remainder.
                let share = spare / flexibleCount + (flexibleSeen < spare % flexibleCount ? 1 : 0)
                flexibleSeen += 1
                size = max(minimum, share)
            }
            let placed = (x: min(x, width), width: max(0, min(size, width - x)))
            x += size + spacing
            return placed
        }
    }
}
