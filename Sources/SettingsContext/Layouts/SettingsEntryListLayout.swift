import AppShell
import EntryUI

/// The layout of a row of Settings' entry list: the kind a layout file names
/// (`kind: SettingsEntryList`, as the storyboard's scene kind) with its outlets, and the layout the
/// app ships (`SettingsEntryList.layout` beside this file, compiled). It is a kind of its own, so that
/// a person can lay out this list apart from the Entries list; its rows are drawn by the shared
/// `EntryRowFormatter`, which finds each outlet's value by its name.
public enum SettingsEntryListLayout {
    /// The kind's name, as a layout file's `kind:` writes it, and the file name of an override.
    public static let kindName = "SettingsEntryList"

    /// What a row may show: the entry's values a list row offers (the same names, types and
    /// descriptions as `EntryListLayout.kind`'s), but no search snippet: this list is never a search.
    public static let kind = LayoutKind(
        name: kindName, shape: .row,
        outlets: EntryListLayout.kind.outlets.filter { $0.name != "snippet" })

    /// `SettingsEntryList.layout` as the loader reads it, written out so that a start parses no YAML;
    /// a test checks that the file loads into exactly this.
    public static let builtIn: Layout = {
        func item(_ name: String) -> LayoutItem {
            guard let index = kind.outletIndex(named: name) else { return LayoutItem(.literal("")) }
            var item = LayoutItem(.outlet(index))
            item.type = kind.outlets[index].type
            if item.type == .flag { item.label = kind.outlets[index].mark }
            return item
        }
        var star = item("star")
        star.label = "* "
        let titleColumn = LayoutColumn(items: [star, item("title")], width: .fill(minimum: 1))
        var dateColumn = LayoutColumn(items: [item("date")], width: .fit(maximumPercent: nil))
        dateColumn.shownFrom = 24
        var tagsColumn = LayoutColumn(items: [item("tags")], width: .fit(maximumPercent: 40))
        tagsColumn.role = .dim
        tagsColumn.shownFrom = 56
        return Layout(kind: kindName, origin: "built-in", gap: 2, columns: [titleColumn, dateColumn, tagsColumn])
    }()
}
