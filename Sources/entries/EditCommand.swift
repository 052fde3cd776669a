import AppFactory
import AppShell
import ArgumentParser
import EntryInterchange
import EntryModel
import EntryUI
import Foundation

/// `entries edit ID`: the entry as text in the editor in force, saved back when changed.
struct EditCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit an entry in your editor (the one `entries config` shows: $ENTRIES_EDITOR, the config's, $VISUAL, $EDITOR or vi).",
        discussion: """
            The entry opens as Markdown text (a .md file, so editors highlight it) under a comment \
            that says where each part goes: a "Title:" line, a "Tags:" line (comma-separated: the tags \
            the text does not write as @tag), a "Date:" line (change it to move the entry in time; the \
            id stays), a blank line, the body, a "--- more details ---" line and the more details. The \
            @tags of the title and body are tags: delete one from the text and the tag goes. Without a \
            title the body's first sentence is the title. Save and quit to \
            store the changes; quit without saving for no change; exit the editor with an error \
            (:cq in vi) to abandon. If the saved text cannot be used (an unknown header, say), it is \
            kept in a file only you can read, whose path is printed, and the entry is not changed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the entry to edit.", completion: .custom(CompletionCandidates.ids))
    var id: Int64

    func execute() throws {
        // Opened for writing first: a read-only database fails before anything is typed.
        let access = try global.databaseAccess()
        let database = try access.openForWriting()
        guard let original = try database.entries.entry(id: id) else { throw EntryStoreError.notFound(id: id) }
        let editor = EffectiveSettings.externalEditor(
            environment: ProcessInfo.processInfo.environment, configuration: access.configuration,
            temporaryDirectory: access.editorTemporaryDirectory)
        guard let edited = try editor.edit(EntryTextEdit(original: original).text, fileName: "entry-\(id).md") else {
            try StandardStreams.writeOutput("No changes to entry \(id).\n")
            return
        }
        // The same use case as the app's: a refusal (not an entry, changed or deleted meanwhile, the
        // store refused) keeps the text in a private file.
        let outcome: EntryTextEdit.Outcome
        do {
            outcome = try EntryTextEdit(original: original).save(edited, in: database.entries)
        } catch {
            throw CommandError.editRefused(reason: error.description, savedAt: saveForRecovery(edited, in: access.recoveryDirectory))
        }
        switch outcome {
        case .unchanged: try StandardStreams.writeOutput("No changes to entry \(id).\n")
        case .saved: try StandardStreams.writeOutput("Updated entry \(id).\n")
        }
    }

    private func saveForRecovery(_ text: String, in folder: URL) -> String? {
        RecoveryFile.save(text, name: "edit-\(id)", in: folder)
    }
}
