import AppShell

/// The values the preview pane offers its layout (the `EntryPreview` kind's outlets), in the order of
/// ``EntryPreviewPaneLayout/kind``'s outlets.
enum EntryPreviewOutlet: Int, CaseIterable {
    case star, title, created, updated, edited, tags, id, body, words
}

/// The layout of the preview of the selected entry beside (or below) the list: the lines above its
/// body (`kind: EntryPreview`) and the layout the app ships (`EntryPreview.layout` beside this file,
/// compiled). Where the pane goes and when it shows is ``EntryPreviewLayout`` (the config's
/// `preview:` settings); what it shows is this.
public enum EntryPreviewPaneLayout {
    /// The kind's name, and the file name of an override (`EntryPreview.layout`).
    public static let kindName = "EntryPreview"

    /// What the preview may show: the details' outlets.
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
            LayoutOutlet("body", .markdown, "the entry's text, its Markdown rendered"),
            LayoutOutlet("words", .count, "how many words the entry's text has"),
        ])

    /// `EntryPreview.layout` as the loader reads it, written out so that a start parses no YAML; a test
    /// checks that the file loads into exactly this.
    public static let builtIn: Layout = {
        var titleItem = LayoutItem(.outlet(EntryPreviewOutlet.title.rawValue))
        titleItem.type = .text
        var title = LayoutLine(items: [titleItem])
        title.bold = true
        let gap = LayoutLine(items: [LayoutItem(.literal(""))])
        var body = LayoutItem(.outlet(EntryPreviewOutlet.body.rawValue))
        body.type = .markdown
        return Layout(kind: kindName, origin: "built-in", lines: [title, gap], body: body)
    }()
}
