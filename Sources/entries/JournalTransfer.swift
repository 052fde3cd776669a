import AppFactory
import EntryInterchange
import EntryModel
import Foundation
import PostgreSQLAddress
import SQLiteStore

/// What `entries move ID… --to NAME` and `entries copy ID… --to NAME` share: the journal the entries
/// are in (`-j`, `--database`, or the default), the journal named by `--to`, and the transfer itself,
/// all or nothing (``EntryTransfer``).
struct JournalTransfer {
    let ids: [Int64]
    /// The name of the journal the entries go to, from `--to`.
    let destinationName: String
    let global: GlobalOptions
    let mode: EntryTransfer.Mode
    let json: Bool

    func execute() throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = try UserConfigurationFile.load(environment: environment)
        let sourceAccess = try global.databaseAccess(environment: environment)
        let chosen = try EffectiveSettings.journal(
            named: destinationName, option: "--to", environment: environment, configuration: configuration)
        let destinationAccess = DatabaseAccess(
            explicitPath: nil, environment: environment, configuration: configuration, chosenJournal: chosen)
        if try Self.sameJournal(sourceAccess.path, destinationAccess.path, environment: environment) {
            throw JournalChoiceError.sameJournal(name: destinationName)
        }
        // Both are opened (and their passphrases asked) before anything is read or written.
        let source = try sourceAccess.openForWriting()
        let destination = try destinationAccess.openForWriting()
        let sourceName = sourceAccess.journalName ?? sourceAccess.path
        if source.isEncrypted && !destination.isEncrypted {
            let place =
                PostgreSQLLocation.isPostgreSQL(destinationAccess.path) ? "the PostgreSQL server" : "a plain journal"
            StandardStreams.writeError(
                "note: `\(TerminalText.visible(sourceName))` is encrypted; the entries go in the clear to \(place) `\(TerminalText.visible(destinationName))`.\n"
            )
        }
        let transfer = EntryTransfer(
            source: source.entries, destination: destination.entries, sourceRemoval: source.removal)
        let entries: [Entry]
        do {
            entries = try transfer.run(ids: ids, mode: mode)
        } catch EntryTransferError.notPutBack(let entries, let reason, let putBackFailure) {
            throw CommandError.moveLost(
                saved: Self.keep(entries, access: sourceAccess),
                reason: "\(reason); putting them back failed too: \(putBackFailure)")
        }
        try report(entries, from: sourceName)
    }

    private func report(_ entries: [Entry], from sourceName: String) throws {
        let verb = mode == .move ? "moved" : "copied"
        if json {
            var bytes = Array(
                "{\"\(verb)\":\(entries.count),\"ids\":[\(entries.map { String($0.id) }.joined(separator: ","))],\"from\":"
                    .utf8)
            EntryJSONWriter.appendString(sourceName, to: &bytes)
            bytes += Array(",\"to\":".utf8)
            EntryJSONWriter.appendString(destinationName, to: &bytes)
            bytes += Array("}\n".utf8)
            return try StandardStreams.writeOutput(String(decoding: bytes, as: UTF8.self))
        }
        let named = Confirmation.naming(entries.map(\.summary))
        try StandardStreams.writeOutput(
            "\(verb.prefix(1).uppercased() + verb.dropFirst()) \(named) from \(TerminalText.visible(sourceName)) to "
                + "\(TerminalText.visible(destinationName)), with \(entries.count == 1 ? "a new id" : "new ids"): entries list -j \(TerminalText.visible(destinationName))\n"
        )
    }

    /// Whether two locations are one journal: the same file (through any path or link), or the same
    /// PostgreSQL database on the same server.
    static func sameJournal(_ first: String, _ second: String, environment: [String: String]) throws -> Bool {
        let firstIsServer = PostgreSQLLocation.isPostgreSQL(first)
        guard firstIsServer == PostgreSQLLocation.isPostgreSQL(second) else { return false }
        if firstIsServer {
            let a = try PostgreSQLLocation(parsing: first, environment: environment)
            let b = try PostgreSQLLocation(parsing: second, environment: environment)
            return a.host == b.host && a.port == b.port && a.database == b.database
        }
        var firstStatus = stat()
        var secondStatus = stat()
        if stat(first, &firstStatus) == 0, stat(second, &secondStatus) == 0 {
            return firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
        }
        return URL(fileURLWithPath: first).standardizedFileURL.path
            == URL(fileURLWithPath: second).standardizedFileURL.path
    }

    /// Keeps entries that are in neither journal after a failed move in a recovery file (JSON, as
    /// `entries import` reads it) and returns its path.
    static func keep(_ entries: [Entry], access: DatabaseAccess) -> String? {
        var bytes = Array("[\n".utf8)
        for (index, entry) in entries.enumerated() {
            EntryJSONWriter.append(entry, to: &bytes, alwaysWritingStarred: true)
            bytes += Array((index == entries.count - 1 ? "\n" : ",\n").utf8)
        }
        bytes += Array("]\n".utf8)
        return RecoveryFile.save(String(decoding: bytes, as: UTF8.self), name: "moved", in: access.recoveryDirectory)
    }
}
