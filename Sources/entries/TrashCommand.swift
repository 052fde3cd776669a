import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries trash …`: deleted entries, kept for a while so that they can be brought back.
struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List, restore or empty deleted entries.",
        discussion: """
            Deleted entries stay in the trash for \(TrashPolicy.defaultRetentionDays) days; restoring \
            one gives it back its id, dates and tags. Exports leave the trash out.
            """,
        subcommands: [TrashListCommand.self, TrashRestoreCommand.self, TrashEmptyCommand.self],
        defaultSubcommand: TrashListCommand.self
    )
}

/// `entries trash list`: what is in the trash, most recently deleted first.
struct TrashListCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the entries in the trash, most recently deleted first.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array of the entries, each with its deletedAt.")
    var json = false

    func execute() throws {
        let database = try global.databaseAccess().openForReading()
        defer { database.close() }
        let trashed = try database.entries.trashedEntries()
        if json {
            var bytes: [UInt8] = Array("[".utf8)
            for (index, item) in trashed.enumerated() {
                bytes += Array((index == 0 ? "\n" : ",\n").utf8)
                var entry: [UInt8] = []
                EntryJSONWriter.append(item.entry, to: &entry, writingWords: true)
                entry.removeLast()  // the closing brace: the deletion time goes in the same object
                bytes += entry + Array(",\"deletedAt\":\"\(InterchangeDate.string(from: item.deletedAt))\"}".utf8)
            }
            bytes += Array((trashed.isEmpty ? "]\n" : "\n]\n").utf8)
            try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self))
        } else if trashed.isEmpty {
            try StandardStreams.writeOutput("The trash is empty.\n")
        } else {
            let dates = DateDisplay()
            let width = trashed.map { String($0.entry.id).count }.max() ?? 2
            var text = String(repeating: " ", count: max(0, width - 2)) + "ID  DELETED           TITLE\n"
            for item in trashed {
                let id = String(item.entry.id)
                text +=
                    String(repeating: " ", count: max(0, max(width, 2) - id.count)) + id + "  "
                    + dates.string(from: item.deletedAt) + "  " + TerminalText.visible(item.entry.title) + "\n"
            }
            try StandardStreams.writeOutput(text)
        }
    }
}

/// `entries trash restore ID`: the entry back where it was.
struct TrashRestoreCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring an entry back from the trash, with its id.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The id of the deleted entry (entries trash list shows them).")
    var id: Int64

    func execute() throws {
        let entry = try global.databaseAccess().openForWriting().entries.restore(id: id)
        try StandardStreams.writeOutput("Restored entry \(entry.id) \"\(TerminalText.visible(entry.title))\".\n")
    }
}

/// `entries trash empty`: removes trashed entries for good.
struct TrashEmptyCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "empty", abstract: "Remove the entries in the trash for good.")

    @OptionGroup var global: GlobalOptions

    // Unconditional: `-1` is this option's value (refused below), not an unknown option `-1`.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Only those deleted more than this many days ago (0 or more).", valueName: "days"))
    var olderThan: Int?

    func validate() throws {
        if let olderThan, olderThan < 0 { throw ValidationError("--older-than must be 0 or more (got \(olderThan))") }
    }

    func execute() throws {
        let cutoff = olderThan.map { TrashPolicy.cutoff(days: $0) }
        let removed = try global.databaseAccess().openForWriting().entries.emptyTrash(deletedBefore: cutoff)
        try StandardStreams.writeOutput(
            "Removed \(removed) \(removed == 1 ? "entry" : "entries") from the trash for good.\n")
    }
}
