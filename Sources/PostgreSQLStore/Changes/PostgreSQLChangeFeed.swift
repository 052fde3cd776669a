import EntryModel
import Foundation
import NIOCore
import PostgresNIO

/// Changes to the journal by anyone, through `LISTEN entries_changes`: the table's statement
/// triggers send one `NOTIFY` per committed statement (`inserted 12,13`), which the server pushes to
/// every listening connection — no polling. Each subscription keeps a connection of its own.
///
/// See <https://www.postgresql.org/docs/current/sql-notify.html>.
public final class PostgreSQLChangeFeed: EntryChangeFeed {
    let session: PostgreSQLSession

    init(session: PostgreSQLSession) {
        self.session = session
    }

    public func subscribe(_ handler: @escaping @Sendable (EntryChange) -> Void) throws -> any EntryChangeSubscription {
        let connection = try session.makeConnection()
        let context = connection.addListener(channel: PostgreSQLSchema.channel) { _, notification in
            if let change = Self.change(fromPayload: notification.payload) { handler(change) }
        }
        do {
            try PostgreSQLSession.execute(connection, "LISTEN \(PostgreSQLSchema.channel)", logger: session.logger)
        } catch {
            context.stop()
            connection.close().whenComplete { _ in _ = connection }  // kept until closed (postgres-nio asserts it)
            throw PostgreSQLErrorTranslation.translate(error, location: session.location)
        }
        return Subscription(connection: connection, context: context)
    }

    /// `inserted 1,2,3` → ``EntryChange``; nil for anything else.
    static func change(fromPayload payload: String) -> EntryChange? {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let kind = EntryChange.Kind(rawValue: parts[0] + "ed") ?? EntryChange.Kind(rawValue: parts[0] + "d")
        else { return nil }
        return EntryChange(kind: kind, ids: parts[1].split(separator: ",").compactMap { Int64($0) })
    }

    private final class Subscription: EntryChangeSubscription {
        let connection: PostgresConnection
        let context: PostgresListenContext

        init(connection: PostgresConnection, context: PostgresListenContext) {
            self.connection = connection
            self.context = context
        }

        deinit { cancel() }

        func cancel() {
            context.stop()
            let connection = self.connection
            guard !connection.isClosed else { return }
            connection.close().whenComplete { _ in _ = connection }  // kept until closed (postgres-nio asserts it)
        }
    }
}
