import AppFactory
import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries import FILE`: adds every entry of a file, all or nothing.
struct ImportCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import entries from a JSON, JSON Lines, jrnl, Day One (.json or .zip) or CSV file (or - for standard input), or a folder of Markdown notes.",
        discussion: """
            The format is guessed from the file name and content unless --format is given:

            json: an array of objects {title, body, moreDetails, tags, createdAt, updatedAt}, as \
            written by `entries export`. Only title is required; dates are ISO 8601 \
            (2024-01-05T09:30:00.000Z, or 2024-01-05); id is ignored (imported entries are new).

            jsonl: one such object per line (.jsonl or .ndjson files).

            dayone: the Journal.json of a Day One export (the file, the export's .zip as it is, or the \
            unzipped export's folder; every journal's .json in it is read): the first line of the text is the title, the rest the body; time \
            zone, location, weather, device and the names of photos and other media go into more \
            details (media are not imported); starred entries stay starred.

            jrnl: the output of `jrnl --export json`. Date and time are read in the local time zone, \
            a leading @ or # is dropped from tags, and starred entries stay starred (a field, not a tag).

            csv: a header row naming the columns: title (required), body, more_details, tags \
            (separated by ; or ,; write \\; \\, or \\\\ for one inside a tag; other backslashes are kept \
            as they are, but a CSV file of an earlier entries or of another program with \\\\, \\; or \\, \
            inside tags reads those as escapes), created_at, updated_at (created and updated work too), \
            starred (true or false; empty is false), id (ignored): the columns export writes. Any \
            other column is an error.

            The import is all or nothing: the first problem is reported with its record or line and \
            field, and nothing is imported. Entries are added in one transaction.

            A folder: every .md and .markdown file in it and its sub-folders (hidden ones, like \
            .obsidian, skipped) is one entry: the files `entries export --format markdown-folder` \
            writes (read back exactly), or plain notes, as Obsidian or nb keep them: the title from \
            the front matter, else the first heading, else the file name; dates from the front matter \
            (created or date, updated), else the file's modification time; tags as a list. A file \
            that is not UTF-8 text, or whose front matter is broken, refuses the folder, named with \
            its line.

            Entries already present (same creation time, title, body and more details; tags do not \
            count), in the journal or earlier in the file, are skipped and counted, so importing an \
            export again adds nothing; --allow-duplicates imports them anyway. A Markdown file (which \
            `entries export` writes for reading) is refused by name.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format: json, jsonl, jrnl, dayone or csv. Default: guessed.")
    var format: ImportFormat?

    @Flag(help: "Import entries already present (same creation time, title, body and more details) again.")
    var allowDuplicates = false

    @Flag(help: "Print {\"imported\": N, \"skipped\": M} instead of a sentence.")
    var json = false

    func execute() throws {
        // The file is opened and its format told before the database is: a file that cannot be read
        // is refused without touching the database.
        let source = try openSource()
        let database = try global.databaseAccess().openForWriting()
        let progress = ImportProgress.forStreaming(byteCount: source.byteCount)
        progress?.showReading(source.name)
        let outcome: StreamedImport.Outcome
        do {
            outcome = try StreamedImport.run(
                into: database.entries, skippingDuplicates: !allowDuplicates,
                progress: progress.map { progress in { @Sendable stage in progress.show(stage) } },
                afterBatch: progress.map { progress in { progress.showRead(source.bytesRead, of: source.byteCount) } },
                read: { sink in
                    do {
                        try source.read(into: sink)
                    } catch let error as ImportSourceError {
                        throw CommandError(error)
                    }
                })
            progress?.clear()
        } catch {
            progress?.clear()
            removeIfCreated(database)
            throw error
        }
        let imported = outcome.imported, skipped = outcome.skipped
        if json {
            try StandardStreams.writeOutput("{\"imported\":\(imported),\"skipped\":\(skipped)}\n")
        } else if skipped > 0 {
            try StandardStreams.writeOutput(
                "Imported \(imported) \(imported == 1 ? "entry" : "entries"); skipped \(skipped) "
                    + "already present (--allow-duplicates imports them).\n")
        } else {
            try StandardStreams.writeOutput("Imported \(imported) \(imported == 1 ? "entry" : "entries").\n")
        }
    }

    /// Removes the database file of a refused import that created it (the file's problems are found
    /// as it is read, after the database was opened): a refused import leaves no database behind, as
    /// it leaves no entry. Its one transaction was rolled back, so the file holds only the schema.
    private func removeIfCreated(_ database: StoreFactory) {
        guard let sqlite = database.database, sqlite.wasCreated else { return }
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite.path + suffix) }
    }

    /// The file (or folder) to import, opened and its format told by EntryInterchange's `ImportSource`
    /// (the one way every importer tells formats apart); its entries are read as they are stored, a
    /// part of the file at a time.
    private func openSource() throws -> ImportSource {
        do {
            return try ImportSource.open(path: file == "-" ? nil : file, format: format)
        } catch {
            throw CommandError(error)
        }
    }
}
