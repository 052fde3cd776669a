import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries import FILE`: adds every entry of a file, all or nothing.
struct ImportCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import entries from a JSON, JSON Lines, jrnl or CSV file (or - for standard input).",
        discussion: """
            The format is guessed from the file name and content unless --format is given:

            json: an array of objects {title, body, moreDetails, tags, createdAt, updatedAt}, as \
            written by `entries export`. Only title is required; dates are ISO 8601 \
            (2024-01-05T09:30:00.000Z, or 2024-01-05); id is ignored (imported entries are new).

            jsonl: one such object per line (.jsonl or .ndjson files).

            jrnl: the output of `jrnl --export json`. Date and time are read in the local time zone, \
            a leading @ or # is dropped from tags, and starred entries get the tag "starred".

            csv: a header row naming the columns: title (required), body, more_details, tags \
            (separated by ; or ,; write \\; \\, or \\\\ for one inside a tag; other backslashes are kept \
            as they are, but a CSV file of an earlier entries or of another program with \\\\, \\; or \\, \
            inside tags reads those as escapes), created_at, updated_at (created and updated work too), \
            id (ignored): the columns export writes. Any other column is an error.

            The import is all or nothing: the first problem is reported with its record or line and \
            field, and nothing is imported. Entries are added in one transaction.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format: json, jsonl, jrnl or csv. Default: guessed.")
    var format: ImportFormat?

    @Flag(help: "Print {\"imported\": N} instead of a sentence.")
    var json = false

    func execute() throws {
        let drafts = try readDrafts()
        let database = try global.databaseAccess().openForWriting()
        let progress = ImportProgress.forStoring(count: drafts.count)
        let imported: Int
        do {
            imported = try database.entries.insert(contentsOf: drafts, progress: progress.map { progress in
                { @Sendable stage in progress.show(stage) }
            })
            progress?.clear()
        } catch {
            progress?.clear()
            throw error
        }
        if json {
            try StandardStreams.writeOutput("{\"imported\":\(imported)}\n")
        } else {
            try StandardStreams.writeOutput("Imported \(imported) \(imported == 1 ? "entry" : "entries").\n")
        }
    }

    /// The drafts of the file. Its bytes are freed when this returns, before the import needs memory
    /// of its own (a million entries are a file of about 450 MB).
    private func readDrafts() throws -> [EntryDraft] {
        let source = file == "-" ? "standard input" : file
        // Shown from the start: reading a large file and checking it is the first wait.
        let size = file == "-" ? 0 : (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        let reading = ImportProgress.forReading(byteCount: size)
        reading?.showReading(source)
        defer { reading?.clear() }
        let data = try readInput()
        let format = self.format ?? ImportFormat.detect(path: file == "-" ? nil : file, content: data)
        do {
            return try format.drafts(from: data)
        } catch {
            throw CommandError.importRefused(source: source, format: format.rawValue, reason: error.description)
        }
    }

    private func readInput() throws -> Data {
        if file == "-" { return try StandardStreams.readAllInput() }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandError.cannotRead(path: file, reason: "it is a folder; give a file")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandError.cannotRead(path: file, reason: FileErrorReason.describe(error))
        }
    }
}
