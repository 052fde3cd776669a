import ArgumentParser

/// `entries move ID… --to NAME`: entries from the journal they are in to another journal of the
/// config, all or nothing (``JournalTransfer``).
struct MoveCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move entries to another journal (--to NAME, a journal of the config).",
        discussion: """
            Moves the entries with these ids from the journal -j or --database chooses (else the \
            default one) into the journal NAME (`entries journals` lists them): SQLite, encrypted or \
            PostgreSQL, either way. All or nothing: when anything fails, both journals stay as they \
            were. The entries keep their texts, tags, stars and dates, and get new ids in NAME; they \
            leave the first journal for good (not through its trash). Links to them from entries \
            of the first journal by id ([[#12]]) no longer lead to them.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: "The ids of the entries (the first column of `entries list`).",
        completion: .custom(CompletionCandidates.ids))
    var ids: [Int64]

    @Option(
        help: ArgumentHelp("The journal (its name in the config) to move the entries to.", valueName: "name"),
        completion: .custom(CompletionCandidates.journals))
    var to: String

    @Flag(help: "Print {\"moved\": N, \"ids\": [...], \"from\": ..., \"to\": ...} instead of a sentence.")
    var json = false

    func execute() throws {
        try JournalTransfer(ids: ids, destinationName: to, global: global, mode: .move, json: json).execute()
    }
}
