import AppShell
import EntryModel
import EntryUI

/// Adds and edits entries as text in the user's editor (`EntryTextFormat`), for every scene of the
/// context. What the user wrote is never lost: text that does not parse, or that the database refuses,
/// is kept (`UnsavedEntryTexts`) and offered again, and the next edit of the same entry starts from it.
///
/// A save is announced to the scenes (`EntriesChange.saved`), which show it: the list selects it.
@MainActor
final class EntryEditSession {
    private let environment: EntriesEnvironment

    init(environment: EntriesEnvironment) {
        self.environment = environment
    }

    /// Opens the editor on a new entry's template (or on the text of an earlier failed attempt), with
    /// `tags` on its Tags line (the list's tag filter).
    func addEntry(tags: [String] = []) {
        let template = environment.newEntryTemplate.editorText(
            tags: tags, now: environment.now(), timeZone: environment.timeZone)
        let kept = environment.unsavedTexts[.newEntry]
        edit(.newEntry, text: kept ?? template, original: nil, startsFromKeptText: kept != nil)
    }

    /// Opens the editor on the entry with this id, read fresh from the repository.
    func editEntry(id: Int64) {
        let entry: Entry
        do {
            guard let found = try environment.repository.entry(id: id) else {
                throw EntryStoreError.notFound(id: id)
            }
            entry = found
        } catch {
            environment.flow.showError(error)
            return
        }
        let kept = environment.unsavedTexts[.entry(id)]
        edit(
            .entry(id), text: kept ?? EntryTextFormat.renderForEditor(entry, timeZone: environment.timeZone),
            original: entry,
            startsFromKeptText: kept != nil)
    }

    // MARK: - The edit loop

    private func edit(_ target: UnsavedEntryTexts.Target, text: String, original: Entry?, startsFromKeptText: Bool) {
        let edited: String?
        do {
            let editor = environment.editor
            edited = try environment.suspender.suspended { try editor.edit(text) }
        } catch {
            environment.flow.showError(error)
            return
        }
        // Unchanged kept text is still the user's text to save; an unchanged template is nothing.
        guard let result = edited ?? (startsFromKeptText ? text : nil) else {
            environment.flow.showMessage("No changes")
            return
        }
        let draft: EntryDraft
        do {
            draft = try EntryTextFormat.parse(
                result, dates: DatePhraseReader(now: environment.now(), timeZone: environment.timeZone))
        } catch {
            keep(result, for: target, problem: String(describing: error), original: original)
            return
        }
        save(draft, text: result, target: target, original: original)
    }

    private func save(_ draft: EntryDraft, text: String, target: UnsavedEntryTexts.Target, original: Entry?) {
        guard let original else {
            do {
                finish(try environment.changes.insert(draft), isNew: true, target: target)
            } catch {
                notSaved(text, for: target, reason: String(describing: error))
            }
            return
        }
        // The use case `entries edit` runs too: an entry changed or deleted meanwhile is refused, not
        // overwritten; the text is kept and the next edit starts from it over the entry as it is now.
        do {
            switch try environment.changes.save(text, editing: original, timeZone: environment.timeZone) {
            case .unchanged:
                environment.unsavedTexts[target] = nil
                environment.flow.showMessage("No changes")
            case .saved(let saved):
                finish(saved, isNew: false, target: target)
            }
        } catch {
            switch error {
            case .notSaved(let reason):
                notSaved(text, for: target, reason: reason)
            case .changedMeanwhile(let current):
                changedMeanwhile(text, for: target, refusal: error.description, current: current)
            case .notAnEntry, .deletedMeanwhile:
                notSaved(text, for: target, reason: error.description)
            }
        }
    }

    /// Another program saved the entry while the editor was open: the whole refusal (which names the
    /// entry and when it was saved, too long for a status line) in a dialog that offers to edit the
    /// kept text again over the entry as it is now.
    private func changedMeanwhile(_ text: String, for target: UnsavedEntryTexts.Target, refusal: String, current: Entry)
    {
        environment.unsavedTexts[target] = text
        let dialog = ConfirmDialog(
            title: "Not saved",
            message: "\(refusal).\nEdit your text again over the entry as it is now? Your text is kept either way.",
            defaultAnswer: true, theme: environment.theme
        ) { again in
            // Held strongly while the dialog is up: the answer must reach this session.
            if again {
                self.edit(target, text: text, original: current, startsFromKeptText: true)
            } else {
                self.environment.flow.showMessage("Your text is kept: edit again to finish it")
            }
        }
        dialog.present(in: environment.presenter)
    }

    private func notSaved(_ text: String, for target: UnsavedEntryTexts.Target, reason: String) {
        environment.unsavedTexts[target] = text
        environment.flow.showError(EntryEditError.notSaved(reason: reason))
    }

    private func finish(_ entry: Entry, isNew: Bool, target: UnsavedEntryTexts.Target) {
        environment.unsavedTexts[target] = nil
        environment.flow.showMessage("\(isNew ? "Added" : "Saved") \(EntryText.quoted(entry.title))")
        environment.broadcast(.saved(entry, isNew: isNew))
    }

    /// Keeps text that does not parse and asks whether to fix it now.
    private func keep(_ text: String, for target: UnsavedEntryTexts.Target, problem: String, original: Entry?) {
        environment.unsavedTexts[target] = text
        let dialog = ConfirmDialog(
            title: "Not saved",
            message: "The entry could not be read: \(problem).\nEdit it again? Your text is kept either way.",
            defaultAnswer: true, theme: environment.theme
        ) { again in
            // Held strongly while the dialog is up: the answer must reach this session.
            if again {
                self.edit(target, text: text, original: original, startsFromKeptText: true)
            } else {
                self.environment.flow.showMessage("Your text is kept: edit again to finish it")
            }
        }
        dialog.present(in: environment.presenter)
    }
}

/// Why an edit was not saved, in words the user can act on.
enum EntryEditError: Error, CustomStringConvertible {
    /// The repository refused the write; the text is kept for the next edit.
    case notSaved(reason: String)

    var description: String {
        switch self {
        case .notSaved(let reason): return "Not saved: \(reason). Your text is kept: edit again to retry"
        }
    }
}
