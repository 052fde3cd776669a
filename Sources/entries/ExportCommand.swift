import ArgumentParser
import EntryInterchange
import EntryModel
import SQLiteStore
import Foundation

/// `entries export`: every entry (or those of a tag, or given ids), oldest first, to standard output or a file.
struct ExportCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every entry (oldest first) as JSON, JSON Lines, CSV or Markdown.",
        discussion: """
            json, jsonl and csv can be imported again (`entries import`); json keeps every byte of \
            the text and the dates to the millisecond. markdown is for reading.

            The format is --format, else the --output file's extension (.json, .jsonl, .csv, .md), \
            else json. With --output the file is replaced only once the export is complete; a new file \
            is made readable by you only (mode 0600, as the journal), and a file replaced keeps its mode. \
            Written to a terminal, control characters are shown (as ^[) instead of sent.

            --tag exports only the entries carrying a tag (as `entries list --tag`); --ids only the \
            entries with these ids (as `entries list` shows them), in the order given; an id of no \
            entry is an error, and nothing is written.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "json, jsonl, csv or markdown. Default: from the --output extension, else json.")
    var format: ExportFormat?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: "Only entries that carry this tag (exact match).")
    var tag: String?

    @Option(help: ArgumentHelp("Only the entries with these ids, separated by commas (e.g. 12,40,41).", valueName: "ids"))
    var ids: String?

    func validate() throws {
        if ids != nil, tag != nil { throw ValidationError("give --ids or --tag, not both") }
        _ = try parsedIDs()
    }

    /// The ids of `--ids`, nil without it.
    private func parsedIDs() throws -> [Int64]? {
        guard let ids else { return nil }
        let parts = ids.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let parsed = parts.map { Int64($0) }
        guard !parts.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw ValidationError("--ids takes entry ids (whole numbers above 0) separated by commas, e.g. 12,40,41")
        }
        return parsed.compactMap { $0 }
    }

    func execute() throws {
        let format = self.format ?? output.flatMap(ExportFormat.init(path:)) ?? .json
        let database = try global.databaseAccess().openForReading()
        if let ids = try parsedIDs() {
            let found = Set(try database.entries.entries(ids: ids).map(\.id))
            if let missing = ids.first(where: { !found.contains($0) }) {
                throw EntryStoreError.notFound(id: missing)
            }
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
        } catch {
            file.abandon(handle)
            throw error
        }
        try file.commit(handle)
        try StandardStreams.writeOutput("Exported \(count) \(count == 1 ? "entry" : "entries") to \(TerminalText.visible(output)).\n")
    }

    private func export<Destination: ExportDestination>(_ database: EntryDatabase, format: ExportFormat, to destination: Destination) throws -> Int {
        var exporter = EntryExporter(format: format, destination: destination)
        if let ids = try parsedIDs() {
            for start in stride(from: 0, to: ids.count, by: 500) {
                for entry in try database.entries.entries(ids: Array(ids[start..<min(ids.count, start + 500)])) {
                    try exporter.write(entry)
                }
            }
        } else {
            try database.entries.forEachEntry(order: .oldest, filter: EntryFilter(tag: tag)) { entry in try exporter.write(entry) }
        }
        try exporter.finish()
        return exporter.count
    }
}
