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
    /// What a row draws: one line of text, one text per column, or a drawing of its own.
    public enum Content {
        /// One line spanning the list's width, truncated with "…".
        case text(StyledText)
        /// One text per `ListColumn` of the list, each truncated to its column.
        case columns([StyledText])
        /// Draws the row itself into the rect it is given; the style is the row's (selected or not).
        case custom(@MainActor (inout Buffer, Rect, Style) -> Void)
    }

    /// What the row draws.
    public var content: Content
    /// A second line under the row (a search result's snippet), drawn when the list's rows are two
    /// lines high (``ListView/rowHeight``), indented by two columns; ignored in one-line rows.
    public var detail: StyledText?

    /// A row of one line of `text` across the list's width, truncated with "…".
    public init(_ text: StyledText) {
        self.content = .text(text)
    }

    /// A row of one text per ``ListColumn`` of the list, with an optional second line `detail`.
    public init(columns: [StyledText], detail: StyledText? = nil) {
        self.content = .columns(columns)
        self.detail = detail
    }

    /// A row that draws itself: `render` gets the buffer, the row's rect and its style (selected or not).
    public init(render: @escaping @MainActor (inout Buffer, Rect, Style) -> Void) {
        self.content = .custom(render)
    }
}

/// A column of a list: its width and how its text sits in it.
public struct ListColumn: Hashable, Sendable {
    /// How wide a column is: a fixed number of columns, or a share of what is left.
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// A share of the width left after fixed columns, at least `minimum`.
        case flexible(minimum: Int)
    }

    /// How many terminal columns the column takes.
    public var width: Width
    /// Where text narrower than the column sits in it.
    public var alignment: TextAlignment

    /// Creates a column of `width` with its text aligned as `alignment` (leading by default).
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
