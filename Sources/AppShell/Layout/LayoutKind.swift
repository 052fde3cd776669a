/// The type of a value a scene kind offers to its layout (an outlet's type): it decides which
/// placements the value takes (a date format only for dates; Markdown only as a body).
public enum LayoutValueType: String, Hashable, Sendable, CaseIterable {
    /// Free text on one line (a title, a snippet).
    case text
    /// A moment, shown in a `date` format (`preferred`, `short`, `long`, `relative`, `time`).
    case date
    /// A list of tags, shown comma-separated.
    case tags
    /// On or off: shows its `label` (or its own mark) when on, nothing when off.
    case flag
    /// A whole number.
    case count
    /// Text that is laid out as Markdown: only a body can show it.
    case markdown
}

/// A named value a scene kind lets its layout place, with its type: the layout file's IBOutlet.
public struct LayoutOutlet: Hashable, Sendable {
    /// The outlet's name as a layout file writes it (`title`, `created`), unique within its kind.
    public var name: String
    /// What the value is, which decides the placements and formats it takes.
    public var type: LayoutValueType
    /// What the value is, for `entries layout lint` and the format document.
    public var summary: String
    /// What a flag shows when on and the layout gives no `label` (`*` for a star).
    public var mark: String

    /// An outlet named `name` of type `type`, described by `summary`; a flag shows `mark` when on and the layout gives
    /// no `label`.
    public init(_ name: String, _ type: LayoutValueType, _ summary: String, mark: String = "*") {
        self.name = name
        self.type = type
        self.summary = summary
        self.mark = mark
    }
}

/// A kind of scene that shows content, as its layout file sees it: its name (the file's `kind:`), its
/// shape (a row of columns, or a stack of lines above a body) and the outlets it offers. Declared by
/// the context that builds the scene, as a view controller declares its outlets.
public struct LayoutKind: Sendable {
    /// How a kind's layout is arranged: a row of columns, or lines above a body.
    public enum Shape: Sendable {
        /// A list's row: columns side by side on one line (`row:`).
        case row
        /// A stack of lines (`lines:`) above one part that fills the rest (`body:`).
        case lines
    }

    /// The kind's name, as a layout file's `kind:` and the storyboard's scene `kind:` write it (`EntryList`).
    public var name: String
    /// Whether its layout is a row of columns or lines above a body, which decides the keys a file may use.
    public var shape: Shape
    /// In the order a scene hands their values to the renderer (an outlet is an index into this).
    public var outlets: [LayoutOutlet]

    /// A kind named `name`, laid out as `shape`, offering `outlets` in the order its scene hands over their values.
    public init(name: String, shape: Shape, outlets: [LayoutOutlet]) {
        self.name = name
        self.shape = shape
        self.outlets = outlets
    }

    /// The index of the outlet named `name`, nil when the kind has none of that name.
    public func outletIndex(named name: String) -> Int? {
        outlets.firstIndex { $0.name == name }
    }
}
