import EntryModel
import Foundation
import NIOCore
import PostgresNIO

extension PostgreSQLEntryRepository {
    /// Stores the batches `produce` writes with one `COPY … FROM STDIN` each, all inside one
    /// transaction: every entry or none (a producer's error, or a connection lost halfway, rolls it
    /// all back). Ids follow the order of the batches.
    ///
    /// The transaction runs on a connection of its own, so that `produce` may read the repository
    /// meanwhile (an import's duplicate check does; its reads see the last commit). Errors thrown by
    /// `produce` come out as they were thrown; the store's own are ``EntryStoreError``s.
    @discardableResult
    public func insert(
        batchesFrom produce: (_ write: ([EntryDraft]) throws -> Void) throws -> Void,
        progress: (@Sendable (BulkInsertProgress) -> Void)?
    ) throws -> Int {
        let connection = try session.makeConnection()
        defer { _ = try? PostgreSQLSession.answer(to: connection.close(), on: connection) }
        let logger = session.logger
        let now = Date()
        var total = 0
        var timings = PostgreSQLImportTimings()
        var producerFailure: (any Error)?
        do {
            try PostgreSQLSession.execute(connection, "BEGIN", logger: logger)
            // A large import may take longer than the time limit of one ordinary statement.
            try PostgreSQLSession.execute(connection, "SET LOCAL statement_timeout = 0", logger: logger)
            // Into an empty journal, the indexes are built once after the rows (see `+BulkInsert`).
            // Nothing reads the journal meanwhile: an import's duplicate check reads nothing of an
            // empty one, and `copy` asks for an empty destination.
            let present =
                try session.rows(connection, PostgresQuery(unsafeSQL: PostgreSQLSchema.keptCount))
                .first.map { try $0.decode(Int.self) } ?? 0
            let lastID = try Self.lastID(session: session, connection: connection)
            let rebuild = present == 0 ? try IndexRebuild.begin(session, connection) : nil
            let tally = rebuild == nil ? nil : TagTally()
            var storeFailed = false
            do {
                try produce { batch in
                    do {
                        let copy = try PipelinedCopy(connection: connection, logger: logger).copy(
                            batch[...], now: now, tally: tally)
                        timings.copy += copy.total
                        timings.buildingRows += copy.building
                        total += batch.count
                    } catch {
                        storeFailed = true
                        throw error
                    }
                }
            } catch  where !storeFailed {
                producerFailure = error
                throw error
            }
            try Self.writeLinksOfEntries(after: lastID, session: session, connection: connection)
            if let rebuild {
                progress?(.indexing)
                try rebuild.finish(inserted: total, tags: tally?.counts ?? [:], timings: &timings)
            }
            progress?(.saving)
            let committing = uptimeNanoseconds()
            try PostgreSQLSession.execute(connection, "COMMIT", logger: logger)
            timings.commit = secondsSince(committing)
            importTimings.keep(timings)
        } catch {
            _ = try? PostgreSQLSession.execute(connection, "ROLLBACK", logger: logger)
            if let producerFailure { throw producerFailure }
            if error is EntryStoreError { throw error }
            throw PostgreSQLErrorTranslation.translate(error, location: session.location)
        }
        progress?(.finished(total: total))
        return total
    }
}
