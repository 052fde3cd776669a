import ArgumentParser
import EntryModel

/// `entries delete ID… [filters]`: moves entries to the trash, asking first.
struct DeleteCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete entries (they go to the trash for 30 days).",
        discussion: """
            Deletes the entries with the ids given and every entry the filters choose (--tag, \
            --any-tag, --starred, --from, --to, --on, as on list): `entries delete --tag draft --to \
            "last year"`. It first says how many entries and asks (y/N); --yes deletes without \
            asking. Without a terminal to ask at (a script) and without --yes it deletes nothing and \
            fails. An id of no entry is an error, and nothing is deleted. The entries go to the \
            trash, where `entries trash restore ID` brings each back, with its id, for 30 days.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var chosen: EntrySetOptions

    @Flag(name: [.long, .customShort("y")], help: "Do not ask for confirmation.")
    var yes = false

    func execute() throws {
        let database = try global.databaseAccess().openForWriting()
        let entries = try chosen.entries(in: database.entries)
        guard !entries.isEmpty else { return try StandardStreams.writeOutput(chosen.marks.noEntriesMessage) }
        let named = Confirmation.naming(entries)
        guard try Confirmation.ask("Delete \(named)?", what: "deleting \(named)", yes: yes) else {
            let what = entries.count == 1 ? "Entry \(entries[0].id) was" : "The \(entries.count) entries were"
            return try StandardStreams.writeOutput("\(what) not deleted.\n")
        }
        for entry in entries { try database.entries.delete(id: entry.id) }
        // The trash keeps entries for a while, not forever: each delete empties what is past it.
        try database.entries.emptyTrash(deletedBefore: TrashPolicy.cutoff())
        let days = TrashPolicy.defaultRetentionDays
        if entries.count == 1 {
            let id = entries[0].id
            try StandardStreams.writeOutput(
                "Deleted entry \(id) (in the trash for \(days) days: `entries trash restore \(id)` brings it back).\n")
        } else {
            try StandardStreams.writeOutput(
                "Deleted \(entries.count) entries (in the trash for \(days) days: `entries trash list` shows them, `entries trash restore ID` brings one back).\n"
            )
        }
    }
}
