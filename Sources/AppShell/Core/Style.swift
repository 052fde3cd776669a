/// How a cell looks: colours and attributes.
public struct Style: Hashable, Sendable {
    /// The text colour; `.default` leaves the terminal's own.
    public var foreground: Color
    /// The background colour; `.default` leaves the terminal's own.
    public var background: Color
    /// Bold, dim, italic, underline and reverse, in any combination.
    public var attributes: Attributes

    /// Creates a style; everything left out stays the terminal's default.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours with no attributes.
    public static let plain = Style()

    /// Text attributes, combinable: `[.bold, .underline]`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attributes as bits, one per static member below.
        public let rawValue: UInt8
        /// The attributes whose bits are set in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Bold (or bright) text: SGR 1.
        public static let bold = Attributes(rawValue: 1 << 0)
        /// Faint text: SGR 2.
        public static let dim = Attributes(rawValue: 1 << 1)
        /// Italic text, where the terminal has it: SGR 3.
        public static let italic = Attributes(rawValue: 1 << 2)
        /// Underlined text: SGR 4.
        public static let underline = Attributes(rawValue: 1 << 3)
        /// Foreground and background swapped: SGR 7.
        public static let reverse = Attributes(rawValue: 1 << 4)
    }
}
