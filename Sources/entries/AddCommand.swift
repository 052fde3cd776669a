import ArgumentParser
import EntryStore

/// `entries add`: a new entry from options (and the body from standard input).
struct AddCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an entry.",
        discussion: """
            When --body is not given and standard input is not a terminal, the body is read from \
            standard input, byte for byte:
              fortune | entries add --title "Today's fortune" --tag fun
            Prints the new entry's id ("Added entry 42."), or the entry as JSON with --json.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The title (required, not empty).")
    var title: String

    @Option(help: "The body. Default: standard input when it is not a terminal, else empty.")
    var body: String?

    @Option(name: .customLong("more"), help: "The more details.")
    var moreDetails: String?

    @Option(name: .customLong("tag"), help: "A tag; repeat for more tags (--tag work --tag idea).", completion: .custom(CompletionCandidates.tags))
    var tags: [String] = []

    @Flag(help: "Print the new entry as a JSON object.")
    var json = false

    func execute() throws {
        guard !title.allSatisfy(\.isWhitespace) else { throw CommandError.emptyTitle }
        var body = self.body ?? ""
        if self.body == nil && !StandardStreams.inputIsTerminal {
            body = try StandardStreams.text(of: StandardStreams.readAllInput(), source: "standard input")
        }
        let database = try global.databaseAccess().openForWriting()
        let entry = try database.entries.insert(EntryDraft(title: title, body: body, moreDetails: moreDetails ?? "", tags: tags))
        if json {
            var bytes: [UInt8] = []
            EntryJSONWriter.append(entry, to: &bytes)
            try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self) + "\n")
        } else {
            try StandardStreams.writeOutput("Added entry \(entry.id).\n")
        }
    }
}
