import ArgumentParser
import EntryModel

/// `entries delete ID`: removes an entry, asking first when someone is at the terminal.
struct DeleteCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an entry (it goes to the trash for 30 days).",
        discussion: """
            When standard input is a terminal, asks for confirmation (y/N) unless --yes is given. \
            From a script (standard input not a terminal) it deletes without asking. The entry goes \
            to the trash, where `entries trash restore ID` brings it back, with its id, for 30 days.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the entry to delete.")
    var id: Int64

    @Flag(name: [.long, .customShort("y")], help: "Do not ask for confirmation.")
    var yes = false

    func execute() throws {
        let database = try global.databaseAccess().openForWriting()
        guard let entry = try database.entries.entry(id: id) else { throw EntryStoreError.notFound(id: id) }
        if !yes && StandardStreams.inputIsTerminal {
            StandardStreams.writeError("Delete entry \(id) \"\(TerminalText.visible(entry.title))\"? [y/N] ")
            let answer = StandardStreams.readInputLine()?.trimmingTrailingSpaces().lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                try StandardStreams.writeOutput("Entry \(id) was not deleted.\n")
                return
            }
        }
        try database.entries.delete(id: id)
        // The trash keeps entries for a while, not forever: each delete empties what is past it.
        try database.entries.emptyTrash(deletedBefore: TrashPolicy.cutoff())
        try StandardStreams.writeOutput("Deleted entry \(id) (in the trash for \(TrashPolicy.defaultRetentionDays) days: `entries trash restore \(id)` brings it back).\n")
    }
}
