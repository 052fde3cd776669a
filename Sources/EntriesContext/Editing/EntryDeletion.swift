import AppShell
import EntryModel
import EntryUI

/// Deletes entries for every scene of the context, asking first when the preferences say so.
/// A deletion is announced to the scenes (`EntriesChange.deleted`): the list moves to the next row.
@MainActor
final class EntryDeletion {
    private let environment: EntriesEnvironment

    init(environment: EntriesEnvironment) {
        self.environment = environment
    }

    /// Deletes `entry` (after a confirmation when `confirmBeforeDelete`), then calls `completion`.
    func delete(_ entry: EntrySummary, completion: @escaping @MainActor () -> Void = {}) {
        guard environment.preferences.confirmBeforeDelete else {
            perform(entry, completion: completion)
            return
        }
        let dialog = ConfirmDialog(
            title: "Delete", message: "Move \(EntryText.quoted(entry.title)) to the trash?",
            defaultAnswer: false, theme: environment.theme
        ) { confirmed in
            guard confirmed else { return }
            self.perform(entry, completion: completion)
        }
        dialog.present(in: environment.presenter)
    }

    private func perform(_ entry: EntrySummary, completion: @MainActor () -> Void) {
        do {
            try environment.changes.delete(entry)
        } catch {
            environment.flow.showError(error)
            return
        }
        environment.flow.showMessage("Deleted \(EntryText.quoted(entry.title))")
        environment.broadcast(.deleted(entry))
        completion()
    }
}
