import EntryModel
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgreSQLAddress
import PostgresNIO

/// One connection to the server, used by one call at a time, reconnecting by itself after it was lost.
///
/// The repository protocols are synchronous (the terminal UI and the commands are plain threads), and
/// postgres-nio is asynchronous: each call here blocks its calling thread on the NIO future of its
/// query (`EventLoopFuture.wait()`), which is safe on any thread but an event loop's own — and the
/// event loops belong to postgres-nio alone, so no repository call can run on one. A lock makes a
/// call (a transaction included) own the connection until it is done, so that the repositories can
/// be shared across threads (`Sendable`), e.g. by a page loader in the background.
final class PostgreSQLSession: @unchecked Sendable {
    // @unchecked: `connection` is only touched under `lock`.
    let location: PostgreSQLLocation
    private let password: String?
    private let lock = NSLock()
    private var connection: PostgresConnection?
    let logger: Logger
    /// How long a connection attempt may take.
    static let connectTimeout: TimeAmount = .seconds(10)

    init(location: PostgreSQLLocation, password: String?) {
        self.location = location
        self.password = password
        // Nothing of the client's own logging reaches the terminal: errors are translated instead.
        self.logger = Logger(label: "entries.postgresql", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    deinit {
        // The connection is kept until it is closed: postgres-nio asserts that.
        if let connection { connection.close().whenComplete { _ in _ = connection } }
    }

    /// Runs `body` with the connection (connecting first when needed), translating every error.
    func run<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            let connection = try connected()
            return try body(connection)
        } catch let error as EntryStoreError {
            throw error
        } catch let conflict as EntryChangeSetConflict {
            throw conflict
        } catch {
            if let connection, connection.isClosed { self.connection = nil }
            throw PostgreSQLErrorTranslation.translate(error, location: location)
        }
    }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run { connection in
            try Self.execute(connection, "BEGIN", logger: logger)
            do {
                let value = try body(connection)
                try Self.execute(connection, "COMMIT", logger: logger)
                return value
            } catch {
                _ = try? Self.execute(connection, "ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Runs `query` and returns every row.
    func rows(_ connection: PostgresConnection, _ query: PostgresQuery) throws -> PostgresQueryResult {
        try Self.answer(to: connection.query(query, logger: logger), on: connection)
    }

    /// Runs one statement without values.
    static func execute(_ connection: PostgresConnection, _ sql: String, logger: Logger) throws {
        _ = try answer(to: connection.query(PostgresQuery(unsafeSQL: sql), logger: logger), on: connection)
    }

    /// Waits for `future`, a query's answer, or for `connection` to close, whichever comes first
    /// (then ``AsyncBridge/ConnectionLost``). A statement sent as the server was killed can be left
    /// without an answer by the client — an import stopped there, its `ROLLBACK` waiting forever —
    /// and a closed connection will never answer. The connection is looked at every
    /// ``lostCheckInterval`` while the answer is awaited (a check that ends with the query, where a
    /// callback on the connection's close would stay registered for the connection's life).
    static func answer<T: Sendable>(to future: EventLoopFuture<T>, on connection: PostgresConnection) throws -> T {
        let promise = future.eventLoop.makePromise(of: T.self)
        let check = future.eventLoop.scheduleRepeatedTask(initialDelay: lostCheckInterval, delay: lostCheckInterval) {
            _ in
            // A promise keeps its first result: a query answered before stays answered.
            if connection.isClosed { promise.fail(AsyncBridge.ConnectionLost()) }
        }
        future.whenComplete { result in
            check.cancel()
            promise.completeWith(result)
        }
        return try promise.futureResult.wait()
    }

    /// How often a query's wait looks whether its connection was lost.
    static let lostCheckInterval: TimeAmount = .milliseconds(250)

    /// A new connection of its own (the change feed keeps one for `LISTEN`).
    func makeConnection() throws -> PostgresConnection {
        do {
            return try Self.connect(location: location, password: password, logger: logger)
        } catch {
            throw PostgreSQLErrorTranslation.translate(error, location: location)
        }
    }

    private func connected() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        let fresh = try Self.connect(location: location, password: password, logger: logger)
        connection = fresh
        return fresh
    }

    private static let idLock = NSLock()
    nonisolated(unsafe) private static var lastID = 0

    private static func connect(
        location: PostgreSQLLocation, password: String?, logger: Logger
    ) throws -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        if let socket = location.unixSocketPath {
            configuration = .init(
                unixSocketPath: socket, username: location.user, password: password, database: location.database)
        } else {
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: password,
                database: location.database, tls: try tls(for: location.tlsMode))
        }
        configuration.options.connectTimeout = connectTimeout
        idLock.lock()
        lastID += 1
        let id = lastID
        idLock.unlock()
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger
        ).wait()
        // Every statement of this client is short; one that runs away (a lock held by another client)
        // is stopped by the server instead of freezing the app.
        do {
            try execute(connection, "SET statement_timeout = '60s'", logger: logger)
            try execute(connection, "SET lock_timeout = '30s'", logger: logger)
        } catch {
            _ = try? answer(to: connection.close(), on: connection)
            throw error
        }
        return connection
    }

    private static func tls(for mode: PostgreSQLLocation.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        switch mode {
        case .disable:
            return .disable
        case .prefer, .require:
            // As libpq's prefer/require: encrypted, the certificate unchecked.
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            let context = try NIOSSLContext(configuration: tls)
            return mode == .prefer ? .prefer(context) : .require(context)
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}
