/// A layout file, read and checked: what one kind of scene shows and where (see `LAYOUT.md`).
/// Outlets are resolved to indices into the kind's ``LayoutKind/outlets`` when the file is loaded, so
/// drawing a row compares no names.
public struct Layout: Hashable, Sendable {
    /// The scene kind it lays out (`EntryList`).
    public var kind: String
    /// Where it came from, for messages and `entries layout show`: a path, or `built-in`.
    public var origin: String
    /// Columns between two columns of a row.
    public var gap: Int
    /// A row's columns, left to right (row kinds).
    public var columns: [LayoutColumn]
    /// The lines above the body, top to bottom (line kinds).
    public var lines: [LayoutLine]
    /// The part that fills the rest under the lines (line kinds), nil when the kind shows none.
    public var body: LayoutItem?

    /// A layout of scene kind `kind`, read from `origin`, with `gap` columns between a row's columns; a row kind gives
    /// `columns`, a line kind `lines` and a `body`.
    public init(
        kind: String, origin: String, gap: Int = 2, columns: [LayoutColumn] = [], lines: [LayoutLine] = [],
        body: LayoutItem? = nil
    ) {
        self.kind = kind
        self.origin = origin
        self.gap = gap
        self.columns = columns
        self.lines = lines
        self.body = body
    }

    /// The same layout, saying it came from `origin`.
    public func from(_ origin: String) -> Layout {
        var copy = self
        copy.origin = origin
        return copy
    }

    /// Equal in what they show (where they came from aside).
    public func showsTheSame(as other: Layout) -> Bool {
        from("") == other.from("")
    }
}

/// How the date of a `date` outlet is written.
public enum LayoutDateFormat: String, Hashable, Sendable, CaseIterable {
    /// The style chosen in Settings.
    case preferred
    /// `21 Nov 2026`.
    case short
    /// `2026-11-21 14:05`.
    case long
    /// `3 days ago`.
    case relative
    /// `14:05`.
    case time
}

/// How wide a column is.
public enum LayoutWidth: Hashable, Sendable {
    /// Exactly this many columns (`12`).
    case fixed(Int)
    /// As wide as its widest value (a date: the widest of its format; other values: the widest seen
    /// on screen, growing only), at most `maximumPercent` of the room left by the fixed columns
    /// (`fit`, `fit max 40%`).
    case fit(maximumPercent: Int?)
    /// This share of the room left by the fixed columns (`30%`).
    case share(percent: Int)
    /// What is left, at least `minimum` (`fill`, `fill min 10`); one per row.
    case fill(minimum: Int)
}

/// Where a value shorter than its column sits.
public enum LayoutAlignment: String, Hashable, Sendable, CaseIterable {
    case left, right, center

    /// The same alignment as the list renderer's `TextAlignment` (left is leading, right is trailing).
    public var textAlignment: TextAlignment {
        switch self {
        case .left: return .leading
        case .right: return .trailing
        case .center: return .center
        }
    }
}

/// What a line does with text longer than the width.
public enum LayoutOverflow: String, Hashable, Sendable, CaseIterable {
    /// Cut with `…`.
    case cut
    /// Continue on the next lines.
    case wrap
}

/// One value placed: an outlet or literal text, with how it is written.
public struct LayoutItem: Hashable, Sendable {
    /// What an item shows: one of the kind's outlets or fixed text.
    public enum Content: Hashable, Sendable {
        /// The outlet at this index of the kind's outlets.
        case outlet(Int)
        /// Text written in the layout itself.
        case literal(String)
    }

    /// The outlet or literal text the item shows.
    public var content: Content
    /// The outlet's type (`text` for literal text): a flag shows its label, not its value.
    public var type: LayoutValueType = .text
    /// For dates.
    public var dateFormat: LayoutDateFormat = .preferred
    /// A flag's text when on; for other values a caption always written before the value.
    public var label: String?
    /// Written before the value, only when it is not empty.
    public var prefix = ""
    /// Written after the value, only when it is not empty.
    public var suffix = ""
    /// Written in place of an empty value (`No tags`).
    public var empty = ""
    /// The theme role the item is drawn in (over its column's or line's).
    public var role: Theme.Role?

    /// An item showing `content` as plain text with no label, prefix, suffix or role; the loader sets the rest from the
    /// file.
    public init(_ content: Content) {
        self.content = content
    }
}

/// A column of a row.
public struct LayoutColumn: Hashable, Sendable {
    /// The values the column shows, one after another on the one line.
    public var items: [LayoutItem]
    /// How many terminal columns the column takes: fixed, fit to its values, a share, or what is left.
    public var width: LayoutWidth
    /// Where a value shorter than the column sits.
    public var alignment: LayoutAlignment = .left
    /// The theme role the column is drawn in, nil for the row's own.
    public var role: Theme.Role?
    /// The column is shown only when the row is at least this wide (0: always).
    public var shownFrom = 0

    /// A left-aligned column always shown, placing `items` at `width`; the loader sets the rest from the file.
    public init(items: [LayoutItem], width: LayoutWidth) {
        self.items = items
        self.width = width
    }
}

/// A line above the body of a line kind.
public struct LayoutLine: Hashable, Sendable {
    /// The values the line shows, one after another.
    public var items: [LayoutItem]
    /// Where the line's text sits when shorter than the width.
    public var alignment: LayoutAlignment = .left
    /// The theme role the line is drawn in, nil for the scene's own.
    public var role: Theme.Role?
    /// Whether text longer than the width is cut with `…` or wraps onto the next lines.
    public var overflow: LayoutOverflow = .cut
    /// With `wrap`: at most this many lines (0: up to half the height, less one, at least one).
    public var maximumLines = 0
    /// The line is left out when all its outlets are empty.
    public var hiddenWhenEmpty = false
    /// A rule: this text repeated across the width (`─`), instead of items.
    public var rule: String?
    /// Drawn bold, over its role.
    public var bold = false

    /// A left-aligned, cut, always-shown line placing `items`; the loader sets the rest from the file.
    public init(items: [LayoutItem]) {
        self.items = items
    }
}
