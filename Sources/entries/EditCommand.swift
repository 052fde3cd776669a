import AppFactory
import AppShell
import ArgumentParser
import EntryInterchange
import EntryModel
import EntryUI
import Foundation

/// `entries edit ID`: the entry as text in the editor in force, saved back when changed;
/// `entries edit --tag work …` (any filter of `list`): every entry chosen in one buffer
/// (`EditCommand+Many.swift`).
struct EditCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract:
            "Edit an entry in your editor (the one `entries config` shows: $ENTRIES_EDITOR, the config's, $VISUAL, $EDITOR or vi).",
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

            With filters instead of an id (--tag, --any-tag, --starred, --from, --to, --on, \
            --on-this-day DATE, -n, as on list), every entry they choose opens in one file, oldest first, each under a line such as \
            "<!-- entry 12 -->" that keeps it apart. Change any of them; delete an entry with its line \
            to move it to the trash (you are asked first, naming how many; --yes does not ask); add \
            entries at the end, each under a line "<!-- new entry -->". On save every change is stored \
            at once, or none: if another program changed one of the entries meanwhile, or a part \
            cannot be read (the line is named), nothing is stored and your text is kept in a file \
            whose path is printed.

            Examples:
              entries edit 12
              entries edit --tag work --from "last week"
              entries edit --on yesterday
              entries edit --starred -n 5
              entries edit --on-this-day today
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: "The id of the entry to edit (or filters instead: every entry they choose).",
        completion: .custom(CompletionCandidates.ids))
    var id: Int64?

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    @Option(
        help: ArgumentHelp(
            "A filter: the entries created on this day of the year (today, or a date phrase) in its year and every year before.",
            valueName: "date"))
    var onThisDay: String?

    @Option(
        name: [.customShort("n"), .long], parsing: .unconditional,
        help: ArgumentHelp("With filters: only the newest N entries they choose.", valueName: "N"))
    var limit: Int?

    @Flag(
        name: [.long, .customShort("y")],
        help: "With filters: move entries deleted from the text to the trash without asking.")
    var yes = false

    /// Whether a filter chooses the entries (not an id).
    var isFiltering: Bool {
        marks.isFiltering || dates.on != nil || dates.from != nil || dates.to != nil || limit != nil
            || onThisDay != nil
    }

    func validate() throws {
        if id != nil && isFiltering {
            throw ValidationError("give the id of one entry, or filters that choose entries, not both")
        }
        if id == nil && !isFiltering {
            throw ValidationError(
                "give the id of the entry to edit, or filters that choose entries (--tag, --starred, --from, --to, --on, --on-this-day, -n)"
            )
        }
        if onThisDay != nil && (dates.on != nil || dates.from != nil || dates.to != nil) {
            throw ValidationError("give --on-this-day, or --on, --from and --to, not both")
        }
        if yes && id != nil { throw ValidationError("--yes is for filters: editing one entry asks nothing") }
        if let limit, limit < 1 { throw ValidationError("-n/--limit must be at least 1 (got \(limit))") }
    }

    func execute() throws {
        guard let id else { return try executeMany() }
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
            throw CommandError.editRefused(
                reason: error.description, savedAt: saveForRecovery(edited, in: access.recoveryDirectory))
        }
        switch outcome {
        case .unchanged: try StandardStreams.writeOutput("No changes to entry \(id).\n")
        case .saved: try StandardStreams.writeOutput("Updated entry \(id).\n")
        }
    }

    private func saveForRecovery(_ text: String, in folder: URL) -> String? {
        RecoveryFile.save(text, name: "edit-\(id ?? 0)", in: folder)
    }
}
