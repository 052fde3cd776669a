import AppShell

/// The values a list row of entries offers its layout (the `EntryList` kind's outlets), in the order
/// of ``EntryListLayout/kind``'s outlets: a row's value is looked up by this index, never by name.
/// Other kinds that list entries (Settings' entry list) offer some of these values under the same
/// names: ``EntryRowFormatter`` finds each by its name in the kind it is given.
public enum EntryRowOutlet: Int, CaseIterable, Sendable {
    case star, title, date, created, updated, tags, snippet, id, words

    /// The value a kind's outlet named `name` stands for, nil when no list row offers one of that name.
    public init?(named name: String) {
        guard let outlet = Self.allCases.first(where: { EntryListLayout.kind.outlets[$0.rawValue].name == name }) else {
            return nil
        }
        self = outlet
    }
}

/// The layout of a list row of entries: the kind a layout file names (`kind: EntryList`) with its
/// outlets, and the layout the app ships (the file `EntryList.layout` beside this one, compiled).
public enum EntryListLayout {
    /// The kind's name, as a layout file's `kind:` writes it.
    public static let kindName = "EntryList"
    /// The file name of a person's layout replacing the built-in row (in a layouts folder), and of the built-in one.
    public static let fileName = "EntryList.layout"

    /// What a row may show.
    public static let kind = LayoutKind(
        name: kindName, shape: .row,
        outlets: [
            LayoutOutlet("star", .flag, "whether the entry is starred (shows its label, `*` unless given)"),
            LayoutOutlet("title", .text, "the entry's title (its first line)"),
            LayoutOutlet(
                "date", .date, "the date the list is sorted by: updated for \"recently updated\", else created"),
            LayoutOutlet("created", .date, "when the entry was written"),
            LayoutOutlet("updated", .date, "when the entry was last changed"),
            LayoutOutlet("tags", .tags, "the entry's tags, comma-separated"),
            LayoutOutlet("snippet", .text, "in search results, the matching text (empty when browsing)"),
            LayoutOutlet("id", .count, "the entry's number, as `entries show` takes it"),
            LayoutOutlet(
                "words", .count, "how many words the entry's text has (runs between spaces, as `wc -w` counts)"),
        ])

    /// `EntryList.layout` as the loader reads it, written out so that a start parses no YAML; a test
    /// checks that the file loads into exactly this.
    public static let builtIn: Layout = {
        func item(_ outlet: EntryRowOutlet) -> LayoutItem {
            var item = LayoutItem(.outlet(outlet.rawValue))
            item.type = kind.outlets[outlet.rawValue].type
            if item.type == .flag { item.label = kind.outlets[outlet.rawValue].mark }
            return item
        }
        var star = item(.star)
        star.label = "* "
        let titleColumn = LayoutColumn(items: [star, item(.title)], width: .fill(minimum: 1))
        var dateColumn = LayoutColumn(items: [item(.date)], width: .fit(maximumPercent: nil))
        dateColumn.shownFrom = 24
        var tagsColumn = LayoutColumn(items: [item(.tags)], width: .fit(maximumPercent: 40))
        tagsColumn.role = .dim
        tagsColumn.shownFrom = 56
        return Layout(kind: kindName, origin: "built-in", gap: 2, columns: [titleColumn, dateColumn, tagsColumn])
    }()
}
