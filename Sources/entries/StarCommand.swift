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
            The list's filters choose entries too (`entries star --tag important --on 2024`): their \
            entries are counted and asked about first (y/N; --yes for scripts, which without it \
            change nothing and fail); ids given are starred without asking.
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var chosen: EntrySetOptions

    @Flag(name: [.long, .customShort("y")], help: "With a filter: do not ask for confirmation.")
    var yes = false

    func execute() throws {
        try StarChange.set(true, chosen: chosen, yes: yes, global: global)
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

    @OptionGroup var chosen: EntrySetOptions

    @Flag(name: [.long, .customShort("y")], help: "With a filter: do not ask for confirmation.")
    var yes = false

    func execute() throws {
        try StarChange.set(false, chosen: chosen, yes: yes, global: global)
    }
}

/// What both commands do: read each entry, and update it whole when its star changes. The ids given
/// are changed without asking (the star is easily set back); a filter's entries are counted first and
/// asked about, as `delete` does.
enum StarChange {
    static func set(_ starred: Bool, chosen: EntrySetOptions, yes: Bool, global: GlobalOptions) throws {
        let database = try global.databaseAccess().openForWriting()
        // Every entry is found before anything changes: a typo among the ids changes nothing.
        let summaries = try chosen.entries(in: database.entries)
        guard !summaries.isEmpty else { return try StandardStreams.writeOutput(chosen.marks.noEntriesMessage) }
        let verb = starred ? "Star" : "Unstar"
        if chosen.isFiltering {
            let named = Confirmation.naming(summaries)
            guard try Confirmation.ask("\(verb) \(named)?", what: "\(verb.lowercased())ring \(named)", yes: yes) else {
                return try StandardStreams.writeOutput("Nothing was changed.\n")
            }
        }
        var output = ""
        var changed = 0
        for summary in summaries {
            guard var entry = try database.entries.entry(id: summary.id) else {
                throw EntryStoreError.notFound(id: summary.id)
            }
            let word = starred ? "starred" : "not starred"
            if entry.starred == starred {
                if summaries.count <= 20 {
                    output += "Entry \(entry.id) \"\(TerminalText.visible(entry.title))\" was \(word) already.\n"
                }
                continue
            }
            entry.starred = starred
            try database.entries.update(entry)
            changed += 1
            if summaries.count <= 20 {
                output += "Entry \(entry.id) \"\(TerminalText.visible(entry.title))\" is \(word) now.\n"
            }
        }
        if summaries.count > 20 {
            output =
                "\(changed) of \(summaries.count) entries are \(starred ? "starred" : "not starred") now (the others were already).\n"
        }
        try StandardStreams.writeOutput(output)
    }
}
