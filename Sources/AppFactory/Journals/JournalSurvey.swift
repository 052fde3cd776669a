import EntryModel
import Foundation
import PostgreSQLAddress

#if PostgreSQL
import PostgreSQLStore
#endif
import SQLiteStore

/// What `entries journals` (and the app's journal list) says of one journal without changing it.
public struct JournalReport: Sendable, Equatable {
    /// How the journal is kept.
    public enum Kind: String, Sendable {
        case sqlite
        case postgreSQL = "postgresql"
    }

    /// What could be learnt of it.
    public enum Status: Sendable, Equatable {
        /// Opened and counted.
        case available(entries: Int, lastChange: Date?)
        /// Its file does not exist yet (the first `add` or `import` makes it).
        case missing
        /// Encrypted: nothing is read without its passphrase, which a list does not ask.
        case encrypted
        /// The server did not answer within the survey's time, or refused the connection.
        case unreachable(reason: String)
        /// It exists but cannot be read (not a journal, damaged, a newer schema...).
        case unreadable(reason: String)
        /// Another program holds it alone while it writes (an import into an empty journal does):
        /// nothing can be read until it has finished.
        case busy
    }

    /// The journal looked at, with its name and location as the config gives them.
    public var journal: NamedJournal
    /// Whether it is an SQLite file or a PostgreSQL database, told from its location.
    public var kind: Kind
    /// What could be learnt of it: its entry count and last change, or why not.
    public var status: Status
}

/// Looks at every journal at once, each on a thread of its own, and waits at most `timeLimit` for all
/// of them: a server that does not answer is listed as unreachable when the time is up, and never
/// delays what the others report. Files are opened read-only, and never created.
public struct JournalSurvey: Sendable {
    /// How long the whole survey may take, in seconds.
    public var timeLimit: TimeInterval
    /// The process environment, where a PostgreSQL journal's password (`PGPASSWORD`) and settings are read from.
    public var environment: [String: String]

    /// A survey that waits at most `timeLimit` seconds, reading PostgreSQL settings from `environment`.
    public init(timeLimit: TimeInterval = 3, environment: [String: String]) {
        self.timeLimit = timeLimit
        self.environment = environment
    }

    /// One report per journal, in the order given, returned within `timeLimit` seconds: a journal that has not answered
    /// by then is reported unreachable.
    public func reports(for journals: [NamedJournal]) -> [JournalReport] {
        let results = Results(count: journals.count)
        let group = DispatchGroup()
        for (index, journal) in journals.enumerated() {
            group.enter()
            let environment = self.environment
            // A thread of its own, not a shared queue: a connect stuck in the kernel must not hold
            // back the others (the process ends with the command; a stuck thread goes with it).
            Thread.detachNewThread {
                results.set(index, Self.report(on: journal, environment: environment))
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + timeLimit)
        let seconds = timeLimit.formatted(.number.precision(.fractionLength(0...1)))
        return journals.enumerated().map { index, journal in
            results.get(index)
                ?? JournalReport(
                    journal: journal, kind: Self.kind(of: journal.location),
                    status: .unreachable(reason: "no answer within \(seconds) s"))
        }
    }

    static func kind(of location: String) -> JournalReport.Kind {
        PostgreSQLLocation.isPostgreSQL(location) ? .postgreSQL : .sqlite
    }

    /// Opens, counts and closes one journal.
    static func report(on journal: NamedJournal, environment: [String: String]) -> JournalReport {
        let kind = kind(of: journal.location)
        func reported(_ status: JournalReport.Status) -> JournalReport {
            JournalReport(journal: journal, kind: kind, status: status)
        }
        if kind == .postgreSQL {
            do {
                let location = try PostgreSQLLocation(parsing: journal.location, environment: environment)
                #if PostgreSQL
                let database = try PostgreSQLDatabase(location: location, environment: environment)
                return reported(try counted(database.entries))
                #else
                throw NoPostgreSQLClientError(location: location)
                #endif
            } catch EntryStoreError.cannotConnect(_, let reason) {
                return reported(.unreachable(reason: reason))
            } catch {
                return reported(.unreadable(reason: String(describing: error)))
            }
        }
        guard FileManager.default.fileExists(atPath: journal.location) else { return reported(.missing) }
        if JournalKey.isEncrypted(path: journal.location) { return reported(.encrypted) }
        var configuration = EntryDatabase.Configuration()
        configuration.readOnly = true
        configuration.busyTimeout = 1
        do {
            let database = try EntryDatabase(path: journal.location, configuration: configuration)
            defer { try? database.close() }
            return reported(try counted(database.entries))
        } catch EntryStoreError.locked {
            return reported(.busy)
        } catch {
            return reported(.unreadable(reason: String(describing: error)))
        }
    }

    private static func counted(_ entries: any EntryRepository) throws -> JournalReport.Status {
        let count = try entries.count(filter: .all)
        let latest = try entries.page(PageRequest(order: .updated, limit: 1)).first?.updatedAt
        return .available(entries: count, lastChange: latest)
    }
}

/// The reports as the threads finish them.
private final class Results: @unchecked Sendable {
    // @unchecked: `reports` is only touched under `lock`.
    private let lock = NSLock()
    private var reports: [JournalReport?]

    init(count: Int) { reports = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ report: JournalReport) { lock.withLock { reports[index] = report } }
    func get(_ index: Int) -> JournalReport? { lock.withLock { reports[index] } }
}
