import ArgumentParser
import EntryInterchange
import EntryModel
import SQLiteStore
import Foundation

/// `entries export`: every entry, oldest first, to standard output or a file.
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
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "json, jsonl, csv or markdown. Default: from the --output extension, else json.")
    var format: ExportFormat?

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func execute() throws {
        let format = self.format ?? output.flatMap(ExportFormat.init(path:)) ?? .json
        let database = try global.databaseAccess().openForReading()
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

    private func export<Destination: ExportDestination>(_ database: CommandStore, format: ExportFormat, to destination: Destination) throws -> Int {
        var exporter = EntryExporter(format: format, destination: destination)
        try database.entries.forEachEntry(order: .oldest) { entry in try exporter.write(entry) }
        try exporter.finish()
        return exporter.count
    }
}
