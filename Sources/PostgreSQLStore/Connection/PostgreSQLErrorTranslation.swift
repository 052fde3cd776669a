import EntryModel
import NIOCore
import NIOPosix
import NIOSSL
import PostgreSQLAddress
import PostgresNIO

/// Turns the client's and the server's errors into ``EntryStoreError``s a user can act on.
enum PostgreSQLErrorTranslation {
    static func translate(_ error: any Error, location: PostgreSQLLocation) -> EntryStoreError {
        if let error = error as? EntryStoreError { return error }
        let server = location.description
        if error is AsyncBridge.ConnectionLost {
            return .cannotConnect(server: server, reason: "the connection was lost")
        }
        if let psql = error as? PSQLError {
            if let state = psql.serverInfo?[.sqlState] {
                let message = psql.serverInfo?[.message] ?? state
                switch state {
                case "28P01", "28000":
                    return .cannotConnect(
                        server: server,
                        reason: "the server refused the login (\(message)): check the user and PGPASSWORD or ~/.pgpass")
                case "3D000":
                    return .cannotConnect(
                        server: server, reason: "the server has no such database (\(message)): create it with createdb")
                case "57014":
                    return .tooSlow(path: server, seconds: 60)
                case "55P03":
                    return .locked(path: server)
                case "53100":
                    return .diskFull(path: server)
                case "25006":
                    return .readOnly(path: server)
                case "42501":
                    return .readOnly(path: server)
                default:
                    return .other("\(server): \(message)")
                }
            }
            switch psql.code {
            case .sslUnsupported:
                return .cannotConnect(
                    server: server,
                    reason: "the server does not offer TLS, which sslmode=\(location.tlsMode.rawValue) requires")
            case .connectionError, .serverClosedConnection, .uncleanShutdown:
                if let underlying = psql.underlying { return translateConnection(underlying, server: server) }
                return .cannotConnect(server: server, reason: "the connection was lost")
            case .failedToAddSSLHandler:
                return .cannotConnect(server: server, reason: "TLS could not be set up")
            case .authMechanismRequiresPassword:
                return .cannotConnect(
                    server: server,
                    reason: "the server asks for a password, and none is set: "
                        + "put it in PGPASSWORD or in a line of ~/.pgpass (mode 0600), as for psql")
            case .unsupportedAuthMechanism:
                return .cannotConnect(
                    server: server,
                    reason: "the server asks for a way of logging in that entries does not speak "
                        + "(it speaks password, md5 and SCRAM-SHA-256): ask its administrator")
            case .saslError:
                return .cannotConnect(
                    server: server,
                    reason: "the server refused the login (SCRAM): check the user and PGPASSWORD or ~/.pgpass")
            default:
                if let underlying = psql.underlying { return translateConnection(underlying, server: server) }
                return .cannotConnect(server: server, reason: "\(psql.code)")
            }
        }
        if let legacy = error as? PostgresError {
            return .other("\(server): \(legacy.description)")
        }
        return translateConnection(error, server: server)
    }

    private static func translateConnection(_ error: any Error, server: String) -> EntryStoreError {
        if let nio = error as? NIOConnectionError {
            if nio.dnsAError != nil || nio.dnsAAAAError != nil, nio.connectionErrors.isEmpty {
                return .cannotConnect(server: server, reason: "unknown host")
            }
            if let first = nio.connectionErrors.first { return translateConnection(first.error, server: server) }
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED, ENOENT:
                return .cannotConnect(
                    server: server, reason: "the connection was refused (is the server running, on this port?)")
            case ETIMEDOUT:
                return .cannotConnect(server: server, reason: "the server did not answer in time")
            case EACCES:
                return .cannotConnect(server: server, reason: "permission denied")
            default:
                return .cannotConnect(server: server, reason: io.description)
            }
        }
        if error is SocketAddressError {
            return .cannotConnect(server: server, reason: "unknown host")
        }
        if let channel = error as? ChannelError,
            channel == .connectTimeout(.seconds(10)) || "\(channel)".contains("connectTimeout")
        {
            return .cannotConnect(server: server, reason: "the server did not answer in time")
        }
        if error is NIOSSLError || error is BoringSSLError {
            return .cannotConnect(server: server, reason: "TLS failed (\(error))")
        }
        let text = "\(error)"
        if text.contains("NXDOMAIN") || text.contains("resolve") || text.contains("getaddrinfo") {
            return .cannotConnect(server: server, reason: "unknown host")
        }
        return .cannotConnect(server: server, reason: String(text.prefix(200)))
    }
}
