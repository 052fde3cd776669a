import Foundation
import EntryModel
import EntryUI

/// The one place where the Entries context changes entries: every add, save, update and delete of its
/// scenes goes through here, which writes to the repository and then records the change in the
/// ``UndoHistory`` — after the store committed it, so a change is never recorded that did not happen —
/// and ``undo()`` takes the newest one back.
///
/// An update is recorded generically, as the entry before and after, so undo writes back every field
/// (a star, tags) without knowing which one changed.
@MainActor
final class EntryChanges {
    let repository: any EntryRepository
    let history: UndoHistory

    init(repository: any EntryRepository, history: UndoHistory = UndoHistory()) {
        self.repository = repository
        self.history = history
    }

    /// Stores a new entry.
    func insert(_ draft: EntryDraft) throws -> Entry {
        let entry = try repository.insert(draft)
        history.record(.added(entry))
        return entry
    }

    /// Saves text the user edited over `original` (``EntryTextEdit``: refused when the entry changed
    /// meanwhile).
    func save(
        _ text: String, editing original: Entry, timeZone: TimeZone
    ) throws(EntryEditRefusal) -> EntryTextEdit.Outcome {
        let outcome = try EntryTextEdit(original: original, timeZone: timeZone).save(text, in: repository)
        if case .saved(let saved) = outcome {
            history.record(.updated(before: original, after: saved, what: "edit"))
        }
        return outcome
    }

    /// Stores `entry` over the stored one (``EntryRepository/update(_:)``: refused when it changed since
    /// `entry` was read), recording the stored one as it was. `what` names the change for the status
    /// line when it is undone ("star").
    func update(_ entry: Entry, what: String = "change") throws -> Entry {
        guard let before = try repository.entry(id: entry.id) else { throw EntryStoreError.notFound(id: entry.id) }
        let saved = try repository.update(entry)
        history.record(.updated(before: before, after: saved, what: what))
        return saved
    }

    /// Moves the entry to the trash.
    func delete(_ entry: EntrySummary) throws {
        try repository.delete(id: entry.id)
        history.record(.deleted(entry))
    }

    // MARK: - Undo

    /// What ``undo()`` did.
    enum UndoOutcome: Equatable {
        /// The history is empty.
        case nothingToUndo
        /// A deleted entry is back from the trash.
        case restored(Entry)
        /// An updated entry has its earlier fields again (`what` names the change undone).
        case reverted(Entry, what: String)
        /// An added entry went to the trash.
        case removed(EntrySummary)
        /// Someone else changed the entry since this context did: nothing was written. `earlier` is the
        /// version the undo would have brought back (nil for an add), so the caller can keep it.
        case changedMeanwhile(Entry, earlier: Entry?, what: String)
        /// The store refused (the entry is gone from the trash, the file is read-only…): nothing written.
        case failed(title: String, what: String, reason: String)
    }

    /// Takes back the newest change. The change leaves the history whatever happens: a refused undo
    /// would be refused again.
    func undo() -> UndoOutcome {
        guard let change = history.takeLast() else { return .nothingToUndo }
        switch change {
        case .deleted(let summary):
            do {
                return .restored(try repository.restore(id: summary.id))
            } catch {
                return .failed(title: summary.title, what: "delete", reason: String(describing: error))
            }
        case .added(let added):
            return undoAdd(added)
        case let .updated(before, after, what):
            return undoUpdate(before: before, after: after, what: what)
        }
    }

    private func undoAdd(_ added: Entry) -> UndoOutcome {
        do {
            guard let current = try repository.entry(id: added.id) else {
                return .failed(title: added.title, what: "add", reason: "it was deleted meanwhile")
            }
            guard current.updatedAt == added.updatedAt else {
                return .changedMeanwhile(current, earlier: nil, what: "add")
            }
            try repository.delete(id: added.id)
            return .removed(added.summary)
        } catch {
            return .failed(title: added.title, what: "add", reason: String(describing: error))
        }
    }

    /// Writes `before`'s fields over `after`'s version: the store refuses when the entry is no longer
    /// `after` (optimistic concurrency), so someone else's later change is never overwritten.
    private func undoUpdate(before: Entry, after: Entry, what: String) -> UndoOutcome {
        var earlier = before
        earlier.updatedAt = after.updatedAt
        do {
            let reverted = try repository.update(earlier)
            history.entryWasWrittenBack(reverted)
            return .reverted(reverted, what: what)
        } catch EntryStoreError.changedMeanwhile(let id, _, _, _) {
            guard let current = try? repository.entry(id: id) else {
                return .failed(title: before.title, what: what, reason: "it was changed by another program meanwhile")
            }
            return .changedMeanwhile(current, earlier: before, what: what)
        } catch EntryStoreError.notFound {
            return .failed(title: before.title, what: what, reason: "it was deleted meanwhile")
        } catch {
            return .failed(title: before.title, what: what, reason: String(describing: error))
        }
    }
}
