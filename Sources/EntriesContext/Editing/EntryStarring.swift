import AppShell
import EntryModel
import EntryUI

/// Stars and unstars entries for every scene of the context. A star is an ordinary update of the
/// whole entry (``EntryRepository/update(_:)``), so it moves `updatedAt`, anything that records
/// updates records it, and it is announced to the scenes as a save (`EntriesChange.saved`).
@MainActor
final class EntryStarring {
    private let environment: EntriesEnvironment

    init(environment: EntriesEnvironment) {
        self.environment = environment
    }

    /// Turns the star of `shown` (the entry as the scene shows it) on or off. The entry is read whole,
    /// then written with the version the scene showed: when someone changed it since (a shared
    /// PostgreSQL journal, another window), the store refuses with ``EntryStoreError/changedMeanwhile``,
    /// which is shown, and the scenes re-read the entry.
    func toggle(_ shown: EntrySummary) {
        do {
            guard var entry = try environment.repository.entry(id: shown.id) else {
                throw EntryStoreError.notFound(id: shown.id)
            }
            entry.updatedAt = shown.updatedAt
            entry.starred.toggle()
            // Through the context's one place of change, so that `u` takes the star back too.
            let stored = try environment.changes.update(entry, what: entry.starred ? "star" : "unstar")
            environment.flow.showMessage(
                "\(stored.starred ? "Starred" : "Unstarred") \(EntryText.quoted(stored.title))")
            environment.broadcast(.saved(stored, isNew: false))
        } catch {
            environment.flow.showError(error)
            if case EntryStoreError.changedMeanwhile = error {
                guard let current = try? environment.repository.entry(id: shown.id) else { return }
                environment.broadcast(.saved(current, isNew: false))
            }
        }
    }
}
