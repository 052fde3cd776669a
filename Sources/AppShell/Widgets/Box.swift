/// A bordered box with an optional title in its top border: `┌ Settings ──┐`.
public struct Box: Sendable {
    /// The text drawn in the top border; nil for a border without title.
    public var title: String?
    /// The style of the border lines.
    public var borderStyle: Style
    /// The style of the title in the border.
    public var titleStyle: Style

    /// Creates a box; without a title the top border is a plain line.
    public init(title: String? = nil, borderStyle: Style = .plain, titleStyle: Style = .plain) {
        self.title = title
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
    }

    /// The box styled by `theme`.
    public init(title: String? = nil, theme: Theme) {
        self.init(title: title, borderStyle: theme.border, titleStyle: theme.borderTitle)
    }

    /// The area inside the border; the whole area when it is too small for one (under 2×2).
    public static func inner(of area: Rect) -> Rect {
        area.width < 2 || area.height < 2 ? area : area.inset(top: 1, left: 1, bottom: 1, right: 1)
    }

    /// Clears `area`, draws the border and title, and returns the inner area to draw the content in.
    @discardableResult
    public func render(into buffer: inout Buffer, area: Rect) -> Rect {
        buffer.fill(area, with: Cell(text: " ", style: .plain))
        guard area.width >= 2, area.height >= 2 else { return area }
        let right = area.maxX - 1, bottom = area.maxY - 1
        for x in area.x + 1..<right {
            buffer.setGrapheme("─", width: 1, style: borderStyle, x: x, y: area.y)
            buffer.setGrapheme("─", width: 1, style: borderStyle, x: x, y: bottom)
        }
        for y in area.y + 1..<bottom {
            buffer.setGrapheme("│", width: 1, style: borderStyle, x: area.x, y: y)
            buffer.setGrapheme("│", width: 1, style: borderStyle, x: right, y: y)
        }
        buffer.setGrapheme("┌", width: 1, style: borderStyle, x: area.x, y: area.y)
        buffer.setGrapheme("┐", width: 1, style: borderStyle, x: right, y: area.y)
        buffer.setGrapheme("└", width: 1, style: borderStyle, x: area.x, y: bottom)
        buffer.setGrapheme("┘", width: 1, style: borderStyle, x: right, y: bottom)
        if let title, !title.isEmpty, area.width >= 5 {
            // " Title " between the corners, truncated to what is left of the top border.
            let titleWidth = min(title.displayWidth + 2, area.width - 2)
            buffer.put(
                line: StyledText(" " + title + " ", style: titleStyle), at: Point(x: area.x + 1, y: area.y),
                width: titleWidth, style: titleStyle)
        }
        return Self.inner(of: area)
    }
}
