import AppShell
import EntryModel
import EntryUI

/// The `undo` action of the context's scenes: takes back the newest change (``EntryChanges/undo()``),
/// says what was undone in the status line ("Undid delete of “Groceries”") and tells the scenes, which
/// show the entry as it is again (the list selects it).
///
/// When someone else changed the entry meanwhile, nothing is written; the text the undo would have
/// brought back is kept as the entry's unsaved text, so the next edit starts from it and nothing is lost.
@MainActor
struct EntryUndo {
    let environment: EntriesEnvironment

    func undo() {
        let flow = environment.flow
        switch environment.changes.undo() {
        case .nothingToUndo:
            flow.showMessage("Nothing to undo")
        case .restored(let entry):
            flow.showMessage("Undid delete of \(EntryText.quoted(entry.title))")
            environment.broadcast(.saved(entry, isNew: true))
        case let .reverted(entry, what):
            flow.showMessage("Undid \(what) of \(EntryText.quoted(entry.title))")
            environment.broadcast(.saved(entry, isNew: false))
        case .removed(let summary):
            flow.showMessage("Undid add of \(EntryText.quoted(summary.title)) (moved to the trash)")
            environment.broadcast(.deleted(summary))
        case let .changedMeanwhile(current, earlier, what):
            var message =
                "Cannot undo the \(what) of \(EntryText.quoted(current.title)): another program changed it meanwhile"
            if let earlier {
                environment.unsavedTexts[.entry(current.id)] = EntryTextFormat.renderForEditor(
                    earlier, timeZone: environment.timeZone)
                message += "; its earlier text is kept: edit it to bring that back"
            }
            flow.showMessage(message)
            environment.broadcast(.saved(current, isNew: false))
        case let .failed(title, what, reason):
            flow.showMessage("Cannot undo the \(what) of \(EntryText.quoted(title)): \(reason)")
        }
    }
}
