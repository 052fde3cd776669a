/// One terminal cell: a grapheme cluster and its style.
///
/// A wide grapheme (CJK, most emoji) occupies two cells: the first holds the grapheme with
/// `width == 2`, the second is a continuation cell (`width == 0`, empty text) that renderers skip.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown in this cell; never a control character.
    public var text: String
    /// The colours and attributes the cell is drawn with.
    public var style: Style
    /// Columns this cell's grapheme covers: 1, 2, or 0 for the continuation of a wide grapheme.
    public var width: UInt8

    /// Creates a cell; the caller keeps `text` to one grapheme and `width` to the columns it covers.
    public init(text: String = " ", style: Style = .plain, width: UInt8 = 1) {
        self.text = text
        self.style = style
        self.width = width
    }

    /// A space in the plain style: what an empty screen and any position outside a buffer hold.
    public static let blank = Cell()

    /// The right half of a wide grapheme.
    public static func continuation(style: Style) -> Cell { Cell(text: "", style: style, width: 0) }

    /// Whether this is the right half of a wide grapheme, which renderers skip.
    public var isContinuation: Bool { width == 0 }
}
