import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation
import PostgreSQLAddress

/// `entries copy --from SOURCE --to DESTINATION`: every entry of one store into another, of either
/// kind (an SQLite file or a `postgresql://` database), so a personal journal becomes a shared one
/// and back. `entries copy ID… --to NAME`: some entries into a journal of the config
/// (``JournalTransfer``).
struct CopyCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy entries to another journal, or every entry from one database to another.",
        discussion: """
            `entries copy ID... --to NAME` copies the entries with these ids into the journal NAME of \
            the config (`entries journals` lists them), all or nothing, keeping their texts, tags, \
            stars and dates; they get new ids there. The entries are taken from the journal -j or \
            --database chooses (else the default one).

            `entries copy --from SOURCE --to DESTINATION` copies a whole database: it \
            reads every entry of SOURCE (which is opened read-only) and adds them to DESTINATION in one \
            transaction: all of them or none. DESTINATION must hold no entries yet; a missing SQLite \
            file is created. Entries keep their texts, tags, stars and dates; ids are given anew by the \
            destination, oldest entry first. Preferences are not copied. Progress is shown on standard \
            error when it is a terminal.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: "The ids of the entries to copy to the journal --to names.", completion: .custom(CompletionCandidates.ids)
    )
    var ids: [Int64] = []

    @Option(
        help: ArgumentHelp(
            "The database to copy from whole: a file or postgresql://user@host:port/dbname.", valueName: "source"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            "With ids: the journal (its name in the config) to copy them to. With --from: the database to copy into (must hold no entries).",
            valueName: "destination"), completion: .custom(CompletionCandidates.journals))
    var to: String

    @Flag(help: "Print {\"copied\": N, ...} instead of a sentence.")
    var json = false

    func validate() throws {
        if ids.isEmpty && from == nil {
            throw ValidationError(
                "give the ids of the entries to copy (`entries copy 3 4 --to work`), or --from SOURCE to copy a whole database"
            )
        }
        if !ids.isEmpty && from != nil {
            throw ValidationError(
                "--from copies a whole database; entries given by id come from the journal -j or --database chooses")
        }
    }

    /// Entries written per batch (as an import's).
    static let batchSize = StreamedImport.batchSize

    func execute() throws {
        guard let from else {
            return try JournalTransfer(ids: ids, destinationName: to, global: global, mode: .copy, json: json).execute()
        }
        let environment = ProcessInfo.processInfo.environment
        let source = try DatabaseAccess(explicitPath: from, environment: environment).openForReading()
        defer { source.close() }
        let destinationAccess = DatabaseAccess(explicitPath: to, environment: environment)
        // The destination is checked before the source is read: a refusal costs nothing.
        let destination = try destinationAccess.openForWriting()
        if source.isEncrypted && !destination.isEncrypted {
            let place =
                PostgreSQLLocation.isPostgreSQL(destinationAccess.path)
                ? "the PostgreSQL server (entries does not encrypt a server's journal; its disk is its operator's to encrypt)"
                : "a plain journal"
            StandardStreams.writeError("note: the journal is encrypted; the copy goes in the clear to \(place).\n")
        }
        let existing = try destination.entries.count(filter: .all)
        if existing > 0 {
            throw CommandError.copyRefused(
                destination: to,
                reason:
                    "it already holds \(existing) \(existing == 1 ? "entry" : "entries"); copy into an empty database")
        }
        let progress = ImportProgress.forStoring(count: 1_000)
        progress?.showReading(from)
        do {
            // Read in keyset pages and written a batch at a time, inside the destination's one
            // transaction: memory holds a batch, whatever the source's size, and a failure anywhere
            // (the source's read included) leaves the destination empty.
            let total = try source.entries.count(filter: .all)
            let copied = try destination.entries.insert(
                batchesFrom: { write in
                    var batch: [EntryDraft] = []
                    batch.reserveCapacity(Self.batchSize)
                    var done = 0
                    try source.entries.forEachEntry(order: .oldest) { entry in
                        batch.append(
                            EntryDraft(
                                title: entry.title, body: entry.body, moreDetails: entry.moreDetails, tags: entry.tags,
                                createdAt: entry.createdAt, updatedAt: entry.updatedAt, starred: entry.starred))
                        if batch.count >= Self.batchSize {
                            try write(batch)
                            done += batch.count
                            batch.removeAll(keepingCapacity: true)
                            progress?.show(.writing(done: min(done, total), total: total))
                        }
                    }
                    if !batch.isEmpty { try write(batch) }
                },
                progress: progress.map { progress in
                    { @Sendable stage in progress.show(stage) }
                })
            progress?.clear()
            if json {
                try StandardStreams.writeOutput("{\"copied\":\(copied)}\n")
            } else {
                try StandardStreams.writeOutput("Copied \(copied) \(copied == 1 ? "entry" : "entries").\n")
            }
        } catch {
            progress?.clear()
            throw error
        }
    }
}
