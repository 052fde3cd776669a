/// A colour for text or background. How it is written depends on the terminal's colour support
/// (true colour, 256, 16 or none — `NO_COLOR` and `TERM=dumb` mean none).
public enum Color: Hashable, Sendable {
    /// The terminal's own default colour.
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// One of the 256 indexed colours.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// The eight normal ANSI colours 0–3; the terminal's palette decides their exact shade.
    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    /// The eight normal ANSI colours 4–7; the terminal's palette decides their exact shade.
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    /// Bright black (ANSI 8), used for dimmed text, and bright white (ANSI 15).
    public static let gray = Color.ansi(8), brightWhite = Color.ansi(15)
}
