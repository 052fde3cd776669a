import AppFactory
import ArgumentParser
import EntryInterchange
import EntryModel
import SQLiteStore
import Foundation

/// `entries export`: every entry (or those of a tag, or given ids), oldest first, to standard output or a file.
struct ExportCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every entry (oldest first) as JSON, JSON Lines, CSV, Markdown or a folder of Markdown files.",
        discussion: """
            json, jsonl and csv can be imported again (`entries import`); json keeps every byte of \
            the text and the dates to the millisecond. markdown is for reading.

            The format is --format, else the --output file's extension (.json, .jsonl, .csv, .md), \
            else json. With --output the file is replaced only once the export is complete; a new file \
            is made readable by you only (mode 0600, as the journal), and a file replaced keeps its mode. \
            Written to a terminal, control characters are shown (as ^[) instead of sent.

            markdown-folder writes one Markdown file per entry into the folder given with --output \
            (YAML front matter with id, title, created, updated, tags and starred; the body; the more details \
            after a `<!-- more details -->` line), named like 2024-01-05-standup-12.md. A folder that \
            is not empty is refused unless --force is given (then files of the same names are \
            replaced). The files appear only once all are written: an export that fails leaves the \
            folder as it was. `entries import FOLDER` reads it back exactly, as it reads notes of \
            Obsidian or nb.

            --search exports the entries a search finds (`entries export --format markdown --search "tag:work standup"`), \
            and --limit N the newest N of those chosen (with --search, the N best matches); either way they \
            are written oldest first.

            --tag, --any-tag and --starred export only the entries `entries list` shows with them; --ids only the \
            entries with these ids (as `entries list` shows them), in the order given; an id of no \
            entry is an error, and nothing is written.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "json, jsonl, csv, markdown or markdown-folder. Default: from the --output extension, else json.")
    var format: ExportTarget?

    @Flag(help: "With --format markdown-folder: write into a folder that is not empty.")
    var force = false

    @Option(
        name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    @Option(
        help: ArgumentHelp("Only the entries with these ids, separated by commas (e.g. 12,40,41).", valueName: "ids"))
    var ids: String?

    @Option(
        help: ArgumentHelp(
            "Only the entries matching this query (the query language of `entries search`).", valueName: "query"))
    var search: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only the newest N entries chosen (with --search: the N best matches), still oldest first.", valueName: "N")
    )
    var limit: Int?

    func validate() throws {
        if ids != nil, marks.isFiltering { throw ValidationError("give --ids or --tag/--starred, not both") }
        if ids != nil, dates.on != nil || dates.from != nil || dates.to != nil {
            throw ValidationError("give --ids or dates (--from, --to, --on), not both")
        }
        if ids != nil, search != nil || limit != nil {
            throw ValidationError("give --ids or --search/--limit, not both")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
        if format == .markdownFolder, output == nil {
            throw ValidationError("--format markdown-folder needs --output FOLDER")
        }
        _ = try parsedIDs()
    }

    /// The ids of `--ids`, nil without it.
    private func parsedIDs() throws -> [Int64]? {
        guard let ids else { return nil }
        let parts = ids.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let parsed = parts.map { Int64($0) }
        guard !parts.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw ValidationError("--ids takes entry ids (whole numbers above 0) separated by commas, e.g. 12,40,41")
        }
        return parsed.compactMap { $0 }
    }

    func execute() throws {
        let format = self.format?.fileFormat ?? output.flatMap(ExportFormat.init(path:)) ?? .json
        _ = try dates.createdRange()  // a phrase that does not read stops the export before anything is written
        if let search { _ = try SearchQueryParser().parse(search) }  // and so does a mistake in the query
        let database = try global.databaseAccess().openForReading()
        defer { database.close() }
        if database.isEncrypted {
            StandardStreams.writeError(
                "note: the journal is encrypted; this export is not: it is written in the clear.\n")
        }
        if let ids = try parsedIDs() {
            let found = Set(try database.entries.entries(ids: ids).map(\.id))
            if let missing = ids.first(where: { !found.contains($0) }) {
                throw EntryStoreError.notFound(id: missing)
            }
        }
        if self.format == .markdownFolder, let output {
            return try exportFolder(database, to: output)
        }
        guard let output else {
            let count = try export(database, format: format, to: StandardStreams.outputExportDestination())
            if StandardStreams.errorIsTerminal && !StandardStreams.outputIsTerminal {
                StandardStreams.writeError("Exported \(count) \(count == 1 ? "entry" : "entries").\n")
            }
            return
        }
        let file = OutputFile(path: output)
        let handle = try file.begin()
        let count: Int
        do {
            count = try export(database, format: format, to: FileHandleExportDestination(handle: handle))
        } catch let error as EntryStoreError {
            file.abandon(handle)
            throw error
        } catch {
            // A write that failed (a full disk, a device that refuses): said as the file's problem.
            file.abandon(handle)
            throw CommandError.cannotWrite(path: output, reason: FileErrorReason.describe(error))
        }
        try file.commit(handle)
        try StandardStreams.writeOutput(
            "Exported \(count) \(count == 1 ? "entry" : "entries") to \(TerminalText.visible(output)).\n")
    }

    private func exportFolder(_ database: StoreFactory, to folder: String) throws {
        let writer: MarkdownFolder.Writer
        do {
            writer = try MarkdownFolder.Writer(folder: folder, force: force)
        } catch {
            throw CommandError.cannotWrite(path: error.file, reason: error.reason)
        }
        do {
            // Links become relative links between the files, to the entries this export writes:
            // which those are is known after a first pass.
            var exported = Set<Int64>()
            try forEachChosenEntry(database) { exported.insert($0.id) }
            try forEachChosenEntry(database) { entry in
                try writer.write(try Self.linkingFiles(entry, exported: exported, in: database.entries))
            }
            try writer.finish()
        } catch let problem as MarkdownFolder.Problem {
            writer.abandon()
            throw CommandError.cannotWrite(path: problem.file, reason: problem.reason)
        } catch {
            writer.abandon()
            throw error
        }
        let count = writer.count
        try StandardStreams.writeOutput(
            "Exported \(count) \(count == 1 ? "entry" : "entries") to \(TerminalText.visible(folder)).\n")
    }

    /// `entry` with its links to entries in `exported` written as relative links to their files.
    private static func linkingFiles(
        _ entry: Entry, exported: Set<Int64>, in entries: any EntryRepository
    ) throws -> Entry {
        guard EntryLinkParser.mayHoldLinks(entry.body) || EntryLinkParser.mayHoldLinks(entry.moreDetails) else {
            return entry
        }
        let targets =
            EntryLinkParser.links(in: entry.body).map(\.target)
            + EntryLinkParser.links(in: entry.moreDetails).map(\.target)
        let found = try entries.linkedEntries(targets).filter { exported.contains($0.value.id) }
        guard !found.isEmpty else { return entry }
        let fileName: (EntryLinkTarget) -> String? = { target in
            found[target].map { MarkdownNoteFormat.fileName(id: $0.id, title: $0.title, createdAt: $0.createdAt) }
        }
        var linking = entry
        linking.body = MarkdownFolderLinks.relativeLinks(in: entry.body, fileName: fileName)
        linking.moreDetails = MarkdownFolderLinks.relativeLinks(in: entry.moreDetails, fileName: fileName)
        return linking
    }

    /// Every entry the options choose: by `--ids` in their order, else oldest first (of `--tag`).
    private func forEachChosenEntry(_ database: StoreFactory, _ body: (Entry) throws -> Void) throws {
        if let ids = try parsedIDs() {
            for start in stride(from: 0, to: ids.count, by: 500) {
                for entry in try database.entries.entries(ids: Array(ids[start..<min(ids.count, start + 500)])) {
                    try body(entry)
                }
            }
        } else {
            let filter = try marks.filter(created: try dates.createdRange(), in: database.entries)
            try ChosenEntries(filter: filter, search: search, limit: limit).forEach(in: database.entries, body)
        }
    }

    private func export<Destination: ExportDestination>(
        _ database: StoreFactory, format: ExportFormat, to destination: Destination
    ) throws -> Int {
        var exporter = EntryExporter(format: format, destination: destination)
        try forEachChosenEntry(database) { entry in try exporter.write(entry) }
        try exporter.finish()
        return exporter.count
    }
}
