import AppFactory
import ArgumentParser
import EntryInterchange
import EntryModel
import Foundation

/// `entries journals [--json]`: every journal the config names (and the unnamed default), with its
/// location, kind, entry count and last change; the one this run uses marked `*`.
struct JournalsCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "journals",
        abstract: "List the journals named in the config file, with their entry counts and last change.",
        discussion: """
            Journals are named under journals: in the config file (work: ~/work.sqlite, \
            team: postgresql://me@db/team); -j NAME (or $ENTRIES_JOURNAL) opens one in any command, and \
            default-journal: names the one opened otherwise. `default` is the unnamed default journal \
            (database: in the config, else the built-in file) unless a journal is named so; a journal named \
            in the config and kept at that file is listed once, under its name.

            Each journal is looked at on its own, read-only, and for at most --time-limit seconds in all: \
            a server that does not answer is listed as unreachable, an encrypted journal as encrypted \
            (its passphrase is not asked), a file another program holds while it writes (an import into \
            an empty journal does) as busy, a file not made yet as missing. Nothing is created.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array of {name, current, location, kind, state, entries, lastChange, reason}.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("How long to wait for the journals, in seconds.", valueName: "seconds"))
    var timeLimit: Double = 3

    func validate() throws {
        guard timeLimit > 0, timeLimit <= 600 else {
            throw ValidationError("--time-limit must be between 0 and 600 seconds")
        }
    }

    func execute() throws {
        let environment = ProcessInfo.processInfo.environment
        let access = try global.databaseAccess(environment: environment)
        let journals = access.configuration.journalsByName(environment: environment)
        let reports = JournalSurvey(timeLimit: timeLimit, environment: environment).reports(for: journals)
        let current =
            reports.firstIndex { $0.journal.name == access.journalName && access.journalName != nil }
            ?? reports.firstIndex { $0.journal.location == access.path }
        try StandardStreams.writeOutput(
            json ? try Self.json(reports, current: current) : Self.table(reports, current: current))
    }

    // MARK: Table

    /// Why a busy journal has no count.
    static let busyNote = "busy: another program is writing to it (an import?); try again when it has finished"

    private static func table(_ reports: [JournalReport], current: Int?) -> String {
        let dates = DateDisplay()
        var rows = [["", "NAME", "KIND", "ENTRIES", "LAST CHANGE", "LOCATION"]]
        for (index, report) in reports.enumerated() {
            let kind = report.status == .encrypted ? "encrypted" : report.kind.rawValue
            let location = TerminalText.visible(SecretRedaction.redacted(report.journal.location))
            let (entries, lastChange, note): (String, String, String?)
            switch report.status {
            case let .available(count, latest):
                (entries, lastChange, note) = (String(count), latest.map(dates.string(from:)) ?? "-", nil)
            case .missing: (entries, lastChange, note) = ("0", "-", "no file yet")
            case .encrypted:
                (entries, lastChange, note) = ("?", "?", "encrypted: its passphrase is not asked to list it")
            case .unreachable(let reason): (entries, lastChange, note) = ("?", "?", "unreachable: " + reason)
            case .unreadable(let reason): (entries, lastChange, note) = ("?", "?", "cannot be read: " + reason)
            case .busy: (entries, lastChange, note) = ("?", "?", JournalsCommand.busyNote)
            }
            let shownNote = note.map { "  " + TerminalText.visible(CommandErrorReporter.bounded($0)) } ?? ""
            rows.append([
                index == current ? "*" : "", TerminalText.visible(report.journal.name), kind, entries, lastChange,
                location + shownNote,
            ])
        }
        let widths = (0..<5).map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        return rows.map { row in
            let cells = (0..<6).map { column -> String in
                guard column < 5 else { return row[column] }
                let padding = String(repeating: " ", count: widths[column] - TerminalText.width(row[column]))
                // Counts right-aligned, as numbers are in every table of entries.
                return column == 3 ? padding + row[column] : row[column] + padding
            }
            return cells.joined(separator: "  ").replacingOccurrences(
                of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }.joined()
    }

    // MARK: JSON

    private struct Row: Encodable {
        var name: String
        /// True for the journal this command line (and environment) would use.
        var current: Bool
        var location: String
        /// sqlite or postgresql.
        var kind: String
        /// available, missing, encrypted, unreachable, unreadable or busy.
        var state: String
        var entries: Int?
        var lastChange: String?
        var reason: String?
    }

    private static func json(_ reports: [JournalReport], current: Int?) throws -> String {
        let rows = reports.enumerated().map { index, report in
            var row = Row(
                name: report.journal.name, current: index == current,
                location: SecretRedaction.redacted(report.journal.location),
                kind: report.kind.rawValue, state: "available")
            switch report.status {
            case let .available(count, latest):
                row.entries = count
                row.lastChange = latest.map(InterchangeDate.string(from:))
            case .missing: (row.state, row.entries) = ("missing", 0)
            case .encrypted: row.state = "encrypted"
            case .unreachable(let reason): (row.state, row.reason) = ("unreachable", reason)
            case .unreadable(let reason): (row.state, row.reason) = ("unreadable", reason)
            case .busy: (row.state, row.reason) = ("busy", busyNote)
            }
            return row
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(rows), as: UTF8.self) + "\n"
    }
}
