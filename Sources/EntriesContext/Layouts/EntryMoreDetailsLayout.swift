import AppShell

/// The values an entry's more details offer their layout (the `EntryMoreDetails` kind's outlets), in
/// the order of ``EntryMoreDetailsLayout/kind``'s outlets.
enum EntryMoreDetailsOutlet: Int, CaseIterable {
    case star, title, created, updated, tags, id, words, createdExact, updatedExact, titleSize, bodySize, moreSize,
        tagSummary, more
}

/// The layout of an entry's more details: its more-details text (`body: more`) above the lines of its
/// metadata (`kind: EntryMoreDetails`; the entries linking to it follow), and the layout the app ships
/// (`EntryMoreDetails.layout` beside this file, compiled). The scene is one scrollable text: the lines
/// are written as text, wrapped to the width, so roles, `bold` and `align` do not apply to them.
public enum EntryMoreDetailsLayout {
    /// The kind's name, and the file name of an override (`EntryMoreDetails.layout`).
    public static let kindName = "EntryMoreDetails"

    /// What the more details may show.
    public static let kind = LayoutKind(
        name: kindName, shape: .lines,
        outlets: [
            LayoutOutlet("star", .flag, "whether the entry is starred"),
            LayoutOutlet("title", .text, "the entry's whole title"),
            LayoutOutlet("created", .date, "when the entry was written"),
            LayoutOutlet("updated", .date, "when the entry was last changed"),
            LayoutOutlet("tags", .tags, "the entry's tags, comma-separated"),
            LayoutOutlet("id", .count, "the entry's number, as `entries show` takes it"),
            LayoutOutlet("words", .count, "how many words the entry's text has"),
            LayoutOutlet(
                "created-exact", .text,
                "when it was written, to the millisecond with the zone (and the relative date when that is the style)"),
            LayoutOutlet("updated-exact", .text, "when it was last changed, the same way"),
            LayoutOutlet("title-size", .text, "the title's size: `84 bytes, 78 characters`"),
            LayoutOutlet("body-size", .text, "the text's size, the same way"),
            LayoutOutlet("more-size", .text, "the more details' size, the same way"),
            LayoutOutlet("tag-summary", .text, "how many tags and which: `2 (home, walk)`, or `none`"),
            LayoutOutlet("more", .markdown, "the entry's more details, as written (`No more details.` when empty)"),
        ])

    /// `EntryMoreDetails.layout` as the loader reads it, written out so that a start parses no YAML; a
    /// test checks that the file loads into exactly this.
    public static let builtIn: Layout = {
        func line(_ outlet: EntryMoreDetailsOutlet, _ label: String) -> LayoutLine {
            var item = LayoutItem(.outlet(outlet.rawValue))
            item.type = kind.outlets[outlet.rawValue].type
            item.label = label
            return LayoutLine(items: [item])
        }
        var more = LayoutItem(.outlet(EntryMoreDetailsOutlet.more.rawValue))
        more.type = .markdown
        return Layout(
            kind: kindName, origin: "built-in",
            lines: [
                line(.title, "Title         "), line(.id, "Id            "), line(.createdExact, "Created       "),
                line(.updatedExact, "Updated       "), line(.titleSize, "Title size    "),
                line(.bodySize, "Body          "),
                line(.moreSize, "More details  "), line(.tagSummary, "Tags          "),
            ], body: more)
    }()
}
