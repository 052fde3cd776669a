import AppShell
import EntryModel
import EntryUI

/// The tags in use, each with how many entries carry it: a storyboard scene (kind `TagPicker`) that
/// offers the selected tag. The shipped storyboard presents it from the list and returns the tag
/// through an unwind (`pickTag: {from: tags, kind: unwind, returns: tag}`), which the list accepts as
/// its tag filter; every key it answers to is the storyboard's, but for moving in its list.
@MainActor
final class TagPickerScene: SizedModalScene, ThemeAdoptingScene {
    let title: String
    let tags: [TagCount]
    let listView: ListView
    /// Why the tags could not be read, shown in place of the rows.
    let loadError: String?

    init(context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        var loadError: String?
        do {
            tags = try environment.repository.tags()
        } catch {
            tags = []
            loadError = String(describing: error)
            environment.flow.showError(error)
        }
        self.loadError = loadError
        self.listView = ListView(
            dataSource: TagRows(tags: tags), theme: environment.theme,
            columns: [ListColumn(.flexible(minimum: 1)), ListColumn(.fixed(TagRows.countWidth(tags)), alignment: .trailing)],
            emptyText: loadError ?? "No tags yet")
    }

    /// The selected tag, offered to segues (and returned by `returns: tag` unwinds); nil without tags.
    var selectedTag: String? {
        guard let index = listView.selectedIndex, tags.indices.contains(index) else { return nil }
        return tags[index].tag
    }

    func preferredContentSize(fitting available: Size) -> Size {
        let widest = tags.prefix(500).map { EntryText.rowPrefix($0.tag, maximumLength: 64).displayWidth }.max()
            ?? (loadError ?? "No tags yet").displayWidth
        let width = min(available.width, max(24, widest + TagRows.countWidth(tags) + 2))
        return Size(width: width, height: min(available.height, max(1, tags.count)))
    }

    func render(into buffer: inout Buffer, area: Rect) {
        listView.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        listView.handle(key)
    }
}

/// The picker's rows: tag, and its count right-aligned.
@MainActor
private struct TagRows: ListDataSource {
    let tags: [TagCount]

    var count: Int { tags.count }

    func row(at index: Int) -> ListRow {
        ListRow(columns: [StyledText(EntryText.rowPrefix(tags[index].tag)), StyledText(EntryText.count(tags[index].count))])
    }

    static func countWidth(_ tags: [TagCount]) -> Int {
        max(1, tags.map { EntryText.count($0.count).count }.max() ?? 1)
    }
}
