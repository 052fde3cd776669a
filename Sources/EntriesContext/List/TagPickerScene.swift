import AppShell
import EntryStore

/// A small modal list of the tags in use, each with how many entries carry it. Enter picks the
/// selected tag, Esc closes it; it takes every key while it is up, so nothing happens underneath.
@MainActor
final class TagPickerScene: SizedModalScene {
    let title = "Filter by tag"
    let tags: [TagCount]
    let listView: ListView
    private let onPick: (String) -> Void
    private weak var presenter: (any ModalPresenter)?

    init(tags: [TagCount], theme: Theme, onPick: @escaping (String) -> Void) {
        self.tags = tags
        self.onPick = onPick
        self.listView = ListView(
            dataSource: TagRows(tags: tags), theme: theme,
            columns: [ListColumn(.flexible(minimum: 1)), ListColumn(.fixed(TagRows.countWidth(tags)), alignment: .trailing)],
            emptyText: "No tags")
    }

    /// Presents the picker in `presenter`, which it dismisses itself from.
    func present(in presenter: any ModalPresenter) {
        self.presenter = presenter
        presenter.present(self)
    }

    var keyHelp: [KeyHelp] {
        [KeyHelp(key: "enter", summary: "filter by this tag"), KeyHelp(key: "esc", summary: "cancel")]
    }

    func preferredContentSize(fitting available: Size) -> Size {
        let widest = tags.prefix(500).map { EntryText.rowPrefix($0.tag, maximumLength: 64).displayWidth }.max() ?? 0
        let width = min(available.width, max(24, widest + TagRows.countWidth(tags) + 2))
        return Size(width: width, height: min(available.height, max(1, tags.count)))
    }

    func render(into buffer: inout Buffer, area: Rect) {
        listView.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        if listView.handle(key) { return true }
        switch key {
        case .enter:
            guard let index = listView.selectedIndex, tags.indices.contains(index) else { break }
            close()
            onPick(tags[index].tag)
        case .escape, .character("t"), .character("q"):
            close()
        default:
            break
        }
        return true
    }

    private func close() {
        if let presenter, presenter.presentedScene === self { presenter.dismiss() }
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
