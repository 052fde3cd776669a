import ArgumentParser
import EntryInterchange
import EntryModel

/// `entries show ID`: one entry in full.
struct ShowCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Show one entry in full: title, dates, tags, body, more details, its links and the entries linking to it.",
        discussion: """
            On a terminal, control characters in the text are shown visibly (^[ for an escape); when \
            the output is a pipe or a file the body and more details are written byte for byte. \
            Use --json for the exact data.

            Links: each [[Title]] or [[#id]] of the text, with the entry it leads to (a title leads to \
            the first entry stored with that title, ignoring case and accents). Linked from: the \
            entries whose text links to this one, newest first.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: "The id of the entry (the first column of `entries list`).", completion: .custom(CompletionCandidates.ids)
    )
    var id: Int64

    @Flag(
        help:
            "Print the entry as a JSON object {id, title, body, moreDetails, tags, createdAt, updatedAt, starred, words, links, backlinks}."
    )
    var json = false

    func execute() throws {
        let access = try global.databaseAccess()
        let database = try access.openForReading()
        defer { database.close() }
        let entry = try EntryByID.find(id, in: database.entries)
        let links = try EntryLinksText(of: entry, in: database.entries)
        if json {
            var bytes: [UInt8] = []
            EntryJSONWriter.append(entry, to: &bytes, alwaysWritingStarred: true, writingWords: true)
            // The object's closing brace comes after the links' members.
            bytes.removeLast()
            links.appendJSONMembers(to: &bytes)
            bytes.append(contentsOf: "}\n".utf8)
            try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self))
        } else {
            let dates = DateDisplay.chosen(access, database)
            let details = EntryDetailsText(entry: entry, forTerminal: StandardStreams.outputIsTerminal, dates: dates)
                .text
            try StandardStreams.writeOutput(details + links.text(dates: dates))
        }
    }
}
