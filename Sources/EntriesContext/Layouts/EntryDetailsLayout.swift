import AppShell

/// The values the details of an entry offer their layout (the `EntryDetails` kind's outlets), in the
/// order of ``EntryDetailsLayout/kind``'s outlets.
enum EntryDetailsOutlet: Int, CaseIterable {
    case star, title, created, updated, edited, tags, id, body, words
}

/// The layout of an entry's details: the lines above its body (`kind: EntryDetails`) and the layout
/// the app ships (`EntryDetails.layout` beside this file, compiled).
public enum EntryDetailsLayout {
    /// The kind's name, written `kind: EntryDetails` in a layout
    /// file and naming the override file `EntryDetails.layout`.
    public static let kindName = "EntryDetails"

    /// What the details may show.
    public static let kind = LayoutKind(
        name: kindName, shape: .lines,
        outlets: [
            LayoutOutlet("star", .flag, "whether the entry is starred"),
            LayoutOutlet("title", .text, "the entry's title"),
            LayoutOutlet("created", .date, "when the entry was written"),
            LayoutOutlet("updated", .date, "when the entry was last changed"),
            LayoutOutlet(
                "edited", .date, "when the entry was last changed, empty when never changed after it was written"),
            LayoutOutlet("tags", .tags, "the entry's tags, comma-separated"),
            LayoutOutlet("id", .count, "the entry's number, as `entries show` takes it"),
            LayoutOutlet("body", .markdown, "the entry's text, its Markdown rendered (r shows it raw)"),
            LayoutOutlet("words", .count, "how many words the entry's text has"),
        ])

    /// `EntryDetails.layout` as the loader reads it, written out so that a start parses no YAML; a test
    /// checks that the file loads into exactly this.
    public static let builtIn: Layout = {
        func item(_ outlet: EntryDetailsOutlet) -> LayoutItem {
            var item = LayoutItem(.outlet(outlet.rawValue))
            item.type = kind.outlets[outlet.rawValue].type
            if item.type == .flag { item.label = kind.outlets[outlet.rawValue].mark }
            return item
        }
        var title = LayoutLine(items: [item(.title)])
        title.overflow = .wrap
        title.bold = true
        var star = item(.star)
        star.label = "* Starred · "
        var tags = item(.tags)
        tags.prefix = "Tags: "
        tags.empty = "No tags"
        var marks = LayoutLine(items: [star, tags])
        marks.role = .dim
        var edited = item(.edited)
        edited.prefix = " · Updated "
        var dates = LayoutLine(items: [LayoutItem(.literal("Created ")), item(.created), edited])
        dates.role = .dim
        var rule = LayoutLine(items: [])
        rule.rule = "─"
        rule.role = .dim
        return Layout(kind: kindName, origin: "built-in", lines: [title, marks, dates, rule], body: item(.body))
    }()
}
