import ArgumentParser
import EntryInterchange
import EntryModel

/// `entries show ID`: one entry in full.
struct ShowCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one entry in full: title, dates, tags, body and more details.",
        discussion: """
            On a terminal, control characters in the text are shown visibly (^[ for an escape); when \
            the output is a pipe or a file the body and more details are written byte for byte. \
            Use --json for the exact data.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the entry (the first column of `entries list`).", completion: .custom(CompletionCandidates.ids))
    var id: Int64

    @Flag(help: "Print the entry as a JSON object {id, title, body, moreDetails, tags, createdAt, updatedAt}.")
    var json = false

    func execute() throws {
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        guard let entry = try database.entries.entry(id: id) else {
            if let trashed = try database.entries.trashedEntries().first(where: { $0.entry.id == id }) {
                throw CommandError.inTrash(id: id, title: trashed.entry.title)
            }
            throw EntryStoreError.notFound(id: id)
        }
        if json {
            var bytes: [UInt8] = []
            EntryJSONWriter.append(entry, to: &bytes, alwaysWritingStarred: true)
            bytes.append(0x0A)
            try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self))
        } else {
            try StandardStreams.writeOutput(EntryDetailsText(entry: entry, forTerminal: StandardStreams.outputIsTerminal, dates: DateDisplay.chosen(access, database)).text)
        }
    }
}
