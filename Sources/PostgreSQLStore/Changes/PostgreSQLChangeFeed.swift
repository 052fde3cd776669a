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

    /// Listens on a connection of its own. When that connection is lost (the server restarted, the
    /// network cut), the subscription connects again by itself, once a second until it can, and then
    /// tells `handler` that something may have changed meanwhile (an ``EntryChange`` without ids):
    /// notifications sent while nobody listened are gone.
    public func subscribe(_ handler: @escaping @Sendable (EntryChange) -> Void) throws -> any EntryChangeSubscription {
        let subscription = Subscription(session: session, handler: handler)
        try subscription.listen()
        return subscription
    }

    /// `inserted 1,2,3` → ``EntryChange``; nil for anything else.
    static func change(fromPayload payload: String) -> EntryChange? {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2,
            let kind = EntryChange.Kind(rawValue: parts[0] + "ed") ?? EntryChange.Kind(rawValue: parts[0] + "d")
        else { return nil }
        return EntryChange(kind: kind, ids: parts[1].split(separator: ",").compactMap { Int64($0) })
    }

    private final class Subscription: EntryChangeSubscription, @unchecked Sendable {
        // @unchecked: `connection`, `context` and `cancelled` are only touched under `lock`.
        private let session: PostgreSQLSession
        private let handler: @Sendable (EntryChange) -> Void
        private let lock = NSLock()
        private var connection: PostgresConnection?
        private var context: PostgresListenContext?
        private var cancelled = false
        /// How long to wait between two attempts to listen again.
        static let retryInterval: TimeInterval = 1

        init(session: PostgreSQLSession, handler: @escaping @Sendable (EntryChange) -> Void) {
            self.session = session
            self.handler = handler
        }

        deinit { cancel() }

        /// Connects and listens; watches the connection, to listen again when it is lost.
        func listen() throws {
            let connection = try session.makeConnection()
            let handler = self.handler
            let context = connection.addListener(channel: PostgreSQLSchema.channel) { _, notification in
                if let change = PostgreSQLChangeFeed.change(fromPayload: notification.payload) { handler(change) }
            }
            do {
                try PostgreSQLSession.execute(connection, "LISTEN \(PostgreSQLSchema.channel)", logger: session.logger)
            } catch {
                context.stop()
                connection.close().whenComplete { _ in _ = connection }  // kept until closed (postgres-nio asserts it)
                throw PostgreSQLErrorTranslation.translate(error, location: session.location)
            }
            let kept = lock.withLock { () -> Bool in
                guard !cancelled else { return false }
                self.connection = connection
                self.context = context
                return true
            }
            guard kept else {
                context.stop()
                connection.close().whenComplete { _ in _ = connection }
                return
            }
            connection.closeFuture.whenComplete { [weak self] _ in self?.connectionLost() }
        }

        /// Tries to listen again, on a thread of its own (connecting blocks), until it can or is cancelled.
        private func connectionLost() {
            guard lock.withLock({ !cancelled }) else { return }
            Thread.detachNewThread { [weak self] in
                while true {
                    Thread.sleep(forTimeInterval: Self.retryInterval)
                    guard let self, self.lock.withLock({ !self.cancelled }) else { return }
                    do {
                        try self.listen()
                        self.handler(EntryChange(kind: .updated, ids: []))
                        return
                    } catch {
                        continue
                    }
                }
            }
        }

        func cancel() {
            let (connection, context) = lock.withLock { () -> (PostgresConnection?, PostgresListenContext?) in
                cancelled = true
                defer { self.connection = nil; self.context = nil }
                return (self.connection, self.context)
            }
            context?.stop()
            guard let connection, !connection.isClosed else { return }
            connection.close().whenComplete { _ in _ = connection }  // kept until closed (postgres-nio asserts it)
        }
    }
}
