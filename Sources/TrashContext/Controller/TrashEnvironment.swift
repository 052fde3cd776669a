import AppShell
import EntryModel
import EntryUI
import Foundation

/// What the Trash's scenes share for the life of the app: the services, the preferences and theme in
/// force, and the last entry restored (what `undo` puts back in the trash). Restoring lives here so
/// that the list and an entry's page restore alike and either can undo the other's.
@MainActor
final class TrashEnvironment: ContextAppearance {
    let repository: any EntryRepository
    let flow: any ContextFlow
    let presenter: any ModalPresenter
    let timeZone: TimeZone
    let now: @Sendable () -> Date
    var theme: Theme
    var preferences: Preferences
    /// The entry restored last, until it is put back or the trash is emptied.
    private(set) var lastRestored: TrashedEntry?

    init(_ services: ContextServices) {
        repository = services.repository
        flow = services.flow
        presenter = services.presenter
        timeZone = services.timeZone
        now = services.now
        theme = services.theme
        preferences = services.preferences
    }

    /// `date` in the preferred date style.
    func text(_ date: Date) -> String {
        preferences.dateStyle.format(date, now: now(), timeZone: timeZone)
    }

    /// "12 days left", "1 day left", "goes today": how long `item` stays in the trash.
    func timeLeft(_ item: TrashedEntry) -> String {
        let daysGone = Int(max(0, now().timeIntervalSince(item.deletedAt)) / 86_400)
        let left = TrashPolicy.defaultRetentionDays - daysGone
        return left > 0 ? EntryText.plural(left, "day left", "days left") : "goes today"
    }

    /// Brings `item` back where it was (same id, dates and tags) and tells the host; false, with the
    /// store's reason in the status line, when it could not (emptied or restored meanwhile).
    @discardableResult
    func restore(_ item: TrashedEntry) -> Bool {
        do {
            try repository.restore(id: item.entry.id)
        } catch {
            flow.showError(error)
            return false
        }
        lastRestored = item
        flow.entriesDidChange()
        flow.showMessage("Restored \(EntryText.quoted(item.entry.title)) · u puts it back in the trash")
        return true
    }

    /// Puts the entry restored last back in the trash; false when there is none.
    @discardableResult
    func undoRestore() -> Bool {
        guard let item = lastRestored else {
            flow.showMessage("Nothing to undo")
            return false
        }
        do {
            try repository.delete(id: item.entry.id)
        } catch {
            flow.showError(error)
            return false
        }
        lastRestored = nil
        flow.entriesDidChange()
        flow.showMessage("\(EntryText.quoted(item.entry.title)) is back in the trash")
        return true
    }

    /// Removes `item` from the trash for good and says so; false, with the reason in the status line,
    /// when it could not: the store cannot remove one entry, or the entry left the trash meanwhile
    /// (restored or emptied elsewhere: a restored entry is never removed from here).
    @discardableResult
    func deleteForGood(_ item: TrashedEntry) -> Bool {
        guard let removal = repository as? any TrashRemoval else {
            flow.showMessage("This journal's store cannot delete one entry for good; E empties the trash")
            return false
        }
        do {
            try removal.removeFromTrash(id: item.entry.id)
        } catch EntryStoreError.notInTrash {
            flow.showMessage("\(EntryText.quoted(item.entry.title)) is no longer in the trash")
            return false
        } catch {
            flow.showError(error)
            return false
        }
        if lastRestored?.entry.id == item.entry.id { lastRestored = nil }
        flow.showMessage("Removed \(EntryText.quoted(item.entry.title)) for good")
        return true
    }

    /// Removes every trashed entry for good; returns how many, nil when the store refused.
    func emptyTrash() -> Int? {
        do {
            let removed = try repository.emptyTrash(deletedBefore: nil)
            lastRestored = nil
            flow.showMessage("Removed \(EntryText.plural(removed, "entry", "entries")) for good")
            return removed
        } catch {
            flow.showError(error)
            return nil
        }
    }
}
