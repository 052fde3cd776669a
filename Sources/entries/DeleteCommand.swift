import ArgumentParser
import EntryStore

/// `entries delete ID`: removes an entry, asking first when someone is at the terminal.
struct DeleteCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an entry.",
        discussion: """
            When standard input is a terminal, asks for confirmation (y/N) unless --yes is given. \
            From a script (standard input not a terminal) it deletes without asking.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the entry to delete.", completion: .custom(CompletionCandidates.ids))
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
        try StandardStreams.writeOutput("Deleted entry \(id).\n")
    }
}
