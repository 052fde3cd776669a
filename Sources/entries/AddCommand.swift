import AppFactory
import AppShell
import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries add`: a new entry, written as words (`entries add "Bought bread. @shopping"`), from options,
/// from standard input, or in the editor.
struct AddCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry.",
        discussion: """
            Write the entry as you would say it: the first sentence (or line) is the title, the rest \
            the body, and @words are tags (tags at the very end only tag the entry):
              entries add "Bought bread. Fresh from the market. @shopping"
            Or give the fields as options (--title, --body, --more, --tag). With neither, the text is \
            read from standard input when it is not a terminal (in the same way as words), and \
            otherwise your editor opens (the one `entries config` shows: $ENTRIES_EDITOR, else editor: in the config, else $VISUAL, else $EDITOR, else vi).
            As in jrnl, a date phrase and a colon at the start date the entry, and a * at the start \
            stars it:
              entries add "yesterday: Called mum. @family"
              entries add "* last friday at 9pm: Won the pub quiz."
            (text before a colon that is no date, as in "Note: buy milk", stays text). --date does the \
            same as an option: "yesterday", "last friday", "3 days ago", "2024-06-03 14:00" (a day \
            keeps the time of day it is now); --star stars the entry.
            Text may start with "-" (entries add "-5 degrees this morning."); after "--" every \
            argument is text, even one that looks like an option.
            In the editor, write the entry under the header or instead of it: without a Title line \
            the first sentence (or line) is the title, and a Date line dates the entry.
            Prints the new entry's id ("Added entry 42."), or the entry as JSON with --json.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The entry as words: first sentence or line the title, the rest the body, @tags.")
    var words: [String] = []

    @Option(help: "The title (not empty); instead of words.")
    var title: String?

    @Option(help: "The body, with --title. Default: standard input when it is not a terminal, else empty.")
    var body: String?

    @Option(name: .customLong("more"), help: "The more details.")
    var moreDetails: String?

    @Option(
        name: .customLong("tag"), help: "A tag; repeat for more tags (--tag work --tag @idea).",
        completion: .custom(CompletionCandidates.tags))
    var tags: [String] = []

    @Option(help: "When the entry was written: a date phrase such as yesterday or \"2024-06-03 14:00\".")
    var date: String?

    @Flag(help: "Star the entry (as a * at the start of the text does).")
    var star = false

    @Flag(help: "Print the new entry as a JSON object.")
    var json = false

    func validate() throws {
        if !words.isEmpty && (title != nil || body != nil) {
            throw ValidationError("give the entry as words or with --title and --body, not both")
        }
        if body != nil && title == nil {
            throw ValidationError("--body needs --title (or write the entry as words)")
        }
    }

    func execute() throws {
        let createdAt = try date.map { try DatePhraseReader().creationDate(of: $0) }
        guard var draft = try readDraft() else {
            try StandardStreams.writeOutput("Nothing added.\n")
            return
        }
        draft.tags = TagList.normalize(draft.tags + tags.map(TagArgument.storedTag))
        if let moreDetails { draft.moreDetails = moreDetails }
        // --date wins over a date written in the text (`yesterday: …`).
        if let createdAt {
            draft.createdAt = createdAt
            draft.updatedAt = createdAt
        }
        if star { draft.starred = true }
        let database = try global.databaseAccess().openForWriting()
        let entry = try database.entries.insert(draft)
        noteLinksInTitle(of: draft)
        if json {
            var bytes: [UInt8] = []
            EntryJSONWriter.append(entry, to: &bytes, alwaysWritingStarred: true, writingWords: true)
            try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self) + "\n")
        } else {
            try StandardStreams.writeOutput("Added entry \(entry.id).\n")
        }
    }

    /// Links are read from the body and more details only; one typed into the title (a one-sentence
    /// entry written the jrnl way is all title) would link nothing without a word: say so.
    private func noteLinksInTitle(of draft: EntryDraft) {
        guard EntryLinkParser.mayHoldLinks(draft.title) else { return }
        let links = EntryLinkParser.links(in: draft.title)
        guard let first = links.first else { return }
        let bytes = Array(draft.title.utf8)[first.range]
        let written = TerminalText.visible(String(decoding: bytes, as: UTF8.self))
        StandardStreams.writeError(
            "note: \(written) is in the title, and links are read from the body and more details: it links "
                + "nothing. Write it after the first sentence: entries add \"Met Ana. About \(written).\"\n")
    }

    /// The entry as given: from --title, from words, from standard input or from the editor; nil
    /// when the editor was left empty. Empty standard input is an error.
    private func readDraft() throws -> EntryDraft? {
        if let title {
            guard !title.allSatisfy(\.isWhitespace) else { throw CommandError.emptyTitle }
            var body = self.body ?? ""
            if self.body == nil && !StandardStreams.inputIsTerminal {
                body = try StandardStreams.text(of: StandardStreams.readAllInput(), source: "standard input")
            }
            return EntryDraft(title: title, body: body)
        }
        if !words.isEmpty {
            guard let draft = QuickCapture.draft(from: words.joined(separator: " "), dates: DatePhraseReader()) else {
                throw CommandError.emptyTitle
            }
            return draft
        }
        if !StandardStreams.inputIsTerminal {
            let text = try StandardStreams.text(of: StandardStreams.readAllInput(), source: "standard input")
            // A script that piped nothing must learn that nothing was written (an editor left empty is
            // a person's choice, and says "Nothing added.").
            guard let draft = QuickCapture.draft(from: text, dates: DatePhraseReader()) else {
                throw CommandError.emptyInput
            }
            return draft
        }
        return try draftFromEditor()
    }

    /// The editor on an empty entry; nil when it was left empty or unchanged.
    private func draftFromEditor() throws -> EntryDraft? {
        // The config's template (with {date} and {time} filled in), and the --tag options already on it.
        let access = try global.databaseAccess()
        let configuration = access.configuration
        try configuration.checkTemplate()
        let blank = configuration.newEntryTemplate.editorText(
            tags: tags.map(TagArgument.storedTag), now: Date(), timeZone: .current)
        // The editor `entries config` reports: ENTRIES_EDITOR, the config's, VISUAL, EDITOR, vi.
        let editor = EffectiveSettings.externalEditor(
            environment: ProcessInfo.processInfo.environment, configuration: configuration,
            temporaryDirectory: access.editorTemporaryDirectory)
        guard let edited = try editor.edit(blank, fileName: "new-entry.md") else { return nil }
        do {
            return try EntryTextFormat.parse(edited, dates: DatePhraseReader())
        } catch {
            throw CommandError.addRefused(
                reason: "the text is not an entry: \(error)",
                savedAt: RecoveryFile.save(edited, name: "new-entry", in: access.recoveryDirectory))
        }
    }
}
