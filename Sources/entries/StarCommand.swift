import ArgumentParser
import EntryModel

/// `entries star ID…` and `entries unstar ID…`: mark entries to find again (`list --starred`), or
/// take the mark off. jrnl stars an entry when it is written (`*` in the text) or edited; here the
/// star is a field of its own, set from the shell, the app's `*`, or an import (jrnl, Day One).
struct StarCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "star",
        abstract: "Star entries (find them again with `entries list --starred`).",
        discussion: """
            Starring is an ordinary edit: the entry's updated time moves, and someone who changed \
            the entry meanwhile (a shared PostgreSQL journal) is reported, not overwritten. An entry \
            starred already is left as it is. `entries unstar ID` takes the star off.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The ids of the entries to star.", completion: .custom(CompletionCandidates.ids))
    var ids: [Int64]

    func execute() throws {
        try StarChange.set(true, ids: ids, global: global)
    }
}

/// `entries unstar ID…`: see ``StarCommand``.
struct UnstarCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "unstar",
        abstract: "Take the star off entries.",
        discussion: "The opposite of `entries star`; an entry without a star is left as it is."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The ids of the entries to unstar.", completion: .custom(CompletionCandidates.ids))
    var ids: [Int64]

    func execute() throws {
        try StarChange.set(false, ids: ids, global: global)
    }
}

/// What both commands do: read each entry, and update it whole when its star changes.
enum StarChange {
    static func set(_ starred: Bool, ids: [Int64], global: GlobalOptions) throws {
        let database = try global.databaseAccess().openForWriting()
        // Every id is checked before anything changes: a typo among them changes nothing.
        var entries: [Entry] = []
        for id in ids {
            guard let entry = try database.entries.entry(id: id) else { throw EntryStoreError.notFound(id: id) }
            entries.append(entry)
        }
        var output = ""
        for var entry in entries {
            let word = starred ? "starred" : "not starred"
            if entry.starred == starred {
                output += "Entry \(entry.id) \"\(TerminalText.visible(entry.title))\" was \(word) already.\n"
                continue
            }
            entry.starred = starred
            try database.entries.update(entry)
            output += "Entry \(entry.id) \"\(TerminalText.visible(entry.title))\" is \(word) now.\n"
        }
        try StandardStreams.writeOutput(output)
    }
}
