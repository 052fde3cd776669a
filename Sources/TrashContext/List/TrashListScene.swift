import AppShell
import EntryModel
import EntryUI

/// The trashed entries, most recently deleted first: title, when deleted, how long each stays. The
/// whole trash is read each time the list appears (it holds what was deleted in the last days, not
/// the journal), so an entry restored or emptied elsewhere never shows stale.
@MainActor
final class TrashListScene: Scene, ThemeAdoptingScene {
    let title: String
    private let environment: TrashEnvironment
    private let rows: TrashRows
    private let list: ListView

    init(title: String, environment: TrashEnvironment) {
        self.title = title
        self.environment = environment
        let rows = TrashRows(environment: environment)
        self.rows = rows
        list = ListView(dataSource: rows, theme: environment.theme, emptyText: "The trash is empty")
    }

    func adopt(_ theme: Theme) {
        list.theme = theme
    }

    /// The entry under the selection, if any.
    var selectedItem: TrashedEntry? {
        list.selectedIndex.flatMap { rows.items.indices.contains($0) ? rows.items[$0] : nil }
    }

    // MARK: Actions (bound by the storyboard)

    /// Brings the selected entry back where it was; the list then reads the trash again.
    func restoreSelected() {
        guard let item = selectedItem else {
            environment.flow.showMessage("The trash is empty")
            return
        }
        if environment.restore(item) { reload() }
    }

    /// Puts the entry restored last back in the trash.
    func undo() {
        if environment.undoRestore() { reload() }
    }

    /// Asks before removing every trashed entry for good (nothing can bring them back).
    func askToEmpty() {
        guard !rows.items.isEmpty else {
            environment.flow.showMessage("The trash is empty")
            return
        }
        let count = EntryText.plural(rows.items.count, "entry", "entries")
        ConfirmDialog(
            title: "Empty the trash", message: "Remove the \(count) in the trash for good? This cannot be undone.",
            theme: environment.theme
        ) { [weak self] confirmed in
            guard confirmed, let self else { return }
            if self.environment.emptyTrash() != nil { self.reload() }
        }.present(in: environment.presenter)
    }

    /// Asks before removing the selected entry for good (it cannot come back); on yes removes it and
    /// reads the list again.
    func askToDeleteSelected() {
        guard let item = selectedItem else {
            environment.flow.showMessage("The trash is empty")
            return
        }
        ConfirmDialog(
            title: "Delete for good",
            message: "Remove \(EntryText.quoted(item.entry.title)) for good? This cannot be undone.",
            theme: environment.theme
        ) { [weak self] confirmed in
            guard confirmed, let self else { return }
            if self.environment.deleteForGood(item) { self.reload() }
        }.present(in: environment.presenter)
    }

    // MARK: Scene

    func sceneWillAppear() {
        reload()
    }

    func handle(_ key: Key) -> Bool {
        list.handle(key)
    }

    func render(into buffer: inout Buffer, area: Rect) {
        list.columns = [
            ListColumn(.flexible(minimum: 8)), ListColumn(.fixed(rows.widestDate)),
            ListColumn(.fixed(rows.widestTimeLeft), alignment: .trailing),
        ]
        list.render(into: &buffer, area: area)
    }

    private func reload() {
        do {
            rows.items = try environment.repository.trashedEntries()
        } catch {
            rows.items = []
            environment.flow.showError(error)
        }
        list.reload()
    }
}

/// The rows of the trash list, from the entries read when it last appeared.
@MainActor
private final class TrashRows: ListDataSource {
    private let environment: TrashEnvironment
    var items: [TrashedEntry] = []

    init(environment: TrashEnvironment) {
        self.environment = environment
    }

    var count: Int { items.count }

    func row(at index: Int) -> ListRow {
        let item = items[index]
        return ListRow(columns: [
            StyledText(EntryText.rowPrefix(item.entry.title.isEmpty ? "(untitled)" : item.entry.title)),
            StyledText(environment.text(item.deletedAt), style: environment.theme.dim),
            StyledText(environment.timeLeft(item), style: environment.theme.dim),
        ])
    }

    /// The widths of the date and time-left columns: as wide as their longest text on screen.
    var widestDate: Int { items.prefix(200).map { environment.text($0.deletedAt).displayWidth }.max() ?? 0 }
    var widestTimeLeft: Int { items.prefix(200).map { environment.timeLeft($0).displayWidth }.max() ?? 0 }
}
