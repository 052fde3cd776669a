/// Where the list shows the selected entry's preview, and whether it does at start (`p` toggles it):
/// beside the list from `minimumWidth` columns, else below it from `minimumHeight` rows, else not at
/// all (a small terminal keeps the whole list). The app reads it from the config (`preview:`,
/// `preview-width:`, `preview-height:`).
public struct EntryPreviewLayout: Sendable, Equatable {
    /// Whether the preview is on when the list first shows.
    public var shownAtStart: Bool
    /// The width of the list's area (the terminal's) from which the pane is beside the list.
    public var minimumWidth: Int
    /// On narrower terminals, the height of the list's area from which the pane is below the list.
    public var minimumHeight: Int

    /// The app's default: on, beside the list from 100 columns, below it from 32 rows.
    public static let standard = EntryPreviewLayout(shownAtStart: true, minimumWidth: 100, minimumHeight: 32)

    /// The values `preview-width:` and `preview-height:` may take.
    public static let allowedSizes = 20...1000

    /// Creates a preview placement; the sizes default to ``standard``'s,
    /// and the config reader keeps them in ``allowedSizes``.
    public init(shownAtStart: Bool, minimumWidth: Int = 100, minimumHeight: Int = 32) {
        self.shownAtStart = shownAtStart
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
    }
}
