import AppShell
import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries edit ID`: the entry as text in `$VISUAL`/`$EDITOR`, saved back when changed.
struct EditCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit an entry in your editor ($VISUAL, else $EDITOR, else vi).",
        discussion: """
            The entry opens as Markdown text (a .md file, so editors highlight it) under a comment \
            that says where each part goes: a "Title:" line, a "Tags:" line (comma-separated), a \
            blank line, the body, a "--- more details ---" line and the more details. Save and quit to \
            store the changes; quit without saving for no change; exit the editor with an error \
            (:cq in vi) to abandon. If the saved text cannot be used (an empty title, say), it is \
            kept in a file only you can read, whose path is printed, and the entry is not changed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the entry to edit.")
    var id: Int64

    func execute() throws {
        // Opened for writing first: a read-only database fails before anything is typed.
        let database = try global.databaseAccess().openForWriting()
        guard let original = try database.entries.entry(id: id) else { throw EntryStoreError.notFound(id: id) }
        let editor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
        guard let edited = try editor.edit(EntryTextFormat.renderForEditor(original), fileName: "entry-\(id).md") else {
            try StandardStreams.writeOutput("No changes to entry \(id).\n")
            return
        }
        let draft: EntryDraft
        do {
            draft = try EntryTextFormat.parse(edited)
        } catch {
            throw CommandError.editRefused(reason: "the edited text is not an entry: \(error)", savedAt: saveForRecovery(edited))
        }
        var changed = original
        changed.title = draft.title
        changed.body = draft.body
        changed.moreDetails = draft.moreDetails
        changed.tags = TagList.normalize(draft.tags)
        guard !sameText(changed, original) else {
            try StandardStreams.writeOutput("No changes to entry \(id).\n")
            return
        }
        // Someone else may have changed or deleted the entry while the editor was open.
        guard let current = try database.entries.entry(id: id), sameText(current, original),
              current.updatedAt == original.updatedAt
        else {
            throw CommandError.editRefused(
                reason: "entry \(id) was changed or deleted by another program while you were editing",
                savedAt: saveForRecovery(edited))
        }
        do {
            try database.entries.update(changed)
        } catch let error as EntryStoreError {
            // Changed in the moment between the check and the save (a shared database): keep the text.
            if case .changedMeanwhile = error {
                throw CommandError.editRefused(reason: error.description, savedAt: saveForRecovery(edited))
            }
            throw error
        }
        try StandardStreams.writeOutput("Updated entry \(id).\n")
    }

    /// Compares byte for byte: `String ==` would call "é" and "e\u{301}" equal.
    private func sameText(_ left: Entry, _ right: Entry) -> Bool {
        left.title.utf8.elementsEqual(right.title.utf8) && left.body.utf8.elementsEqual(right.body.utf8)
            && left.moreDetails.utf8.elementsEqual(right.moreDetails.utf8)
            && left.tags.count == right.tags.count
            && zip(left.tags, right.tags).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    private func saveForRecovery(_ text: String) -> String? {
        RecoveryFile.save(text, name: "edit-\(id)")
    }
}
