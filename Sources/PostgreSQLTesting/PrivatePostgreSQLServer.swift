import Foundation

/// A PostgreSQL server of the tests' own: `initdb` in a temporary folder, listening on a Unix socket
/// in that folder and on a free TCP port of 127.0.0.1, stopped when the test process exits — and,
/// should that process crash, stopped by the next one (each server folder records the pid of the
/// process that owns it; a folder whose owner is gone is cleaned up at the next start).
///
/// PostgreSQL refuses to run as root (CI runs as root): the server then runs as the `postgres`
/// user the distribution's package creates, through `runuser`.
///
/// ```swift
/// let server = try PrivatePostgreSQLServer.shared()      // started once per test process
/// let url = try server.makeDatabase()                    // "postgresql://entries@127.0.0.1:…/t1?sslmode=disable"
/// ```
public final class PrivatePostgreSQLServer: @unchecked Sendable {
    // @unchecked: `databaseCount` is only touched under `lock`; the rest is immutable.
    /// The superuser the tests connect as (trusted, no password).
    public static let user = "entries"
    /// A second login that needs a password (``strangerPassword``), for the wrong-credentials tests.
    public static let stranger = "stranger"
    /// The password of ``stranger``.
    public static let strangerPassword = "correct horse"

    /// The server's temporary folder: its data, its Unix socket and the pid of the process owning it.
    public let folder: String
    /// The free TCP port of 127.0.0.1 the server listens on.
    public let port: Int
    /// The folder of PostgreSQL's programs used (`initdb`, `pg_ctl`, `psql`).
    public let binaries: String
    private let runAs: String?
    private let lock = NSLock()
    private var databaseCount = 0

    /// Why a server cannot be had: PostgreSQL is not installed, or would not start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// Why: what is missing, or what the server said.
        public var description: String
    }

    nonisolated(unsafe) private static var started: Result<PrivatePostgreSQLServer, Unavailable>?
    private static let startLock = NSLock()

    /// The server of this test process, started on first use.
    public static func shared() throws -> PrivatePostgreSQLServer {
        startLock.lock()
        defer { startLock.unlock() }
        if let started { return try started.get() }
        let result: Result<PrivatePostgreSQLServer, Unavailable>
        do { result = .success(try PrivatePostgreSQLServer()) } catch let error as Unavailable {
            result = .failure(error)
        } catch {
            result = .failure(Unavailable(description: "\(error)"))
        }
        started = result
        if case .success(let server) = result {
            atexit { PrivatePostgreSQLServer.stopShared() }
            _ = server
        }
        return try result.get()
    }

    /// The server of this test process, or `skip`'s error when it cannot start and no run requires it
    /// (``isRequired``). A test written `try PrivatePostgreSQLServer.shared(orSkip: { XCTSkip($0) })` is
    /// skipped on a machine without PostgreSQL and fails in CI, which installs it.
    public static func shared(orSkip skip: (String) -> any Error) throws -> PrivatePostgreSQLServer {
        do {
            return try shared()
        } catch {
            if isRequired { throw error }
            throw skip("PostgreSQL is not installed: \(error)")
        }
    }

    /// True when tests must fail, not skip, without a server: in CI (`CI=true`).
    public static var isRequired: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return value == "true" || value == "1"
    }

    private static func stopShared() {
        if case .success(let server)? = started { server.stop() }
    }

    private init() throws {
        guard let binaries = Self.findBinaries() else {
            throw Unavailable(
                description: "PostgreSQL is not installed (no initdb/pg_ctl found; run scripts/install-deps.sh)")
        }
        self.binaries = binaries
        let isRoot = geteuid() == 0
        runAs = isRoot ? "postgres" : nil
        if isRoot, getpwnam("postgres") == nil {
            throw Unavailable(description: "running as root, and there is no `postgres` user to run the server as")
        }
        Self.removeAbandonedServers(binaries: binaries, runAs: runAs)
        folder = Self.root + "/server-\(getpid())-\(UUID().uuidString.prefix(8))"
        port = try Self.freePort()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "\(getpid())".write(toFile: folder + "/owner.pid", atomically: true, encoding: .utf8)
        chmod(folder, 0o777)
        if let runAs, let user = getpwnam(runAs) { chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) }
        try initialize()
        try start()
    }

    /// A new, empty database; its `postgresql://` location (TCP, no TLS).
    public func makeDatabase() throws -> String {
        lock.lock()
        databaseCount += 1
        let name = "t\(databaseCount)"
        lock.unlock()
        try sql("CREATE DATABASE \(name)")
        return location(database: name)
    }

    /// The location of `database` on this server, as `user`.
    public func location(
        database: String, user: String = PrivatePostgreSQLServer.user, options: String = "sslmode=disable"
    ) -> String {
        "postgresql://\(user)@127.0.0.1:\(port)/\(database)?\(options)"
    }

    /// Runs SQL as the superuser with psql (over the socket), in `database`; returns what psql printed.
    @discardableResult
    public func sql(_ statement: String, database: String = "postgres") throws -> String {
        let output = try run(
            binaries + "/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", folder, "-p", "\(port)", "-U", Self.user, "-d",
                database,
                "-c", statement,
            ], asServerUser: false)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Stops the server (immediately: it holds nothing worth a checkpoint) and removes its folder.
    public func stop() {
        _ = try? run(
            binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asServerUser: true)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stops the server abruptly, as a crash or a pulled cable would (for fault tests), and starts it again.
    public func restart() throws {
        crash()
        try start()
    }

    /// Stops the server abruptly (every connection cut, nothing checkpointed), keeping its folder:
    /// the server is gone until ``resume()``.
    public func crash() {
        _ = try? run(
            binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"], asServerUser: true)
    }

    /// Starts the server again after ``crash()``, on the same port, with its databases.
    public func resume() throws {
        try start()
    }

    // MARK: - Setting up

    private func initialize() throws {
        try run(
            binaries + "/initdb",
            [
                "-D", folder + "/data", "-U", Self.user, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync",
            ], asServerUser: true)
        let hba = """
            local all all trust
            host all \(Self.stranger) 127.0.0.1/32 scram-sha-256
            host all all 127.0.0.1/32 trust
            """
        let hbaPath = folder + "/data/pg_hba.conf"
        try hba.write(toFile: hbaPath, atomically: false, encoding: .utf8)
    }

    private func start() throws {
        let options =
            "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
            + "-c full_page_writes=off -c max_connections=400 -c shared_buffers=64MB"
        try run(
            binaries + "/pg_ctl",
            ["-D", folder + "/data", "-o", options, "-l", folder + "/server.log", "-w", "-t", "60", "start"],
            asServerUser: true)
        _ = try? sql("CREATE ROLE \(Self.stranger) LOGIN PASSWORD '\(Self.strangerPassword)'")
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String], asServerUser: Bool) throws -> String {
        let command =
            if asServerUser, let runAs { ["/usr/sbin/runuser", "-u", runAs, "--", tool] + arguments } else {
                [tool] + arguments
            }
        let (status, output) = try Self.spawn(command, outputFile: folder + "/tool-\(UUID().uuidString.prefix(8)).out")
        guard status == 0 else {
            throw Unavailable(description: "\((tool as NSString).lastPathComponent) failed: \(output.suffix(600))")
        }
        return output
    }

    /// Runs `command` to its end, its output (standard output and error) collected in a file, with
    /// posix_spawn and waitpid: Foundation's `Process` can miss the exit of a child whose own child
    /// (the server pg_ctl starts) lives on, and wait forever.
    /// `outputFile` (nil: the output is dropped) is read, then removed.
    static func spawn(_ command: [String], outputFile: String?) throws -> (status: Int32, output: String) {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The paths must outlive the spawn: the file actions may keep the pointers.
        let nullPath = strdup("/dev/null"), outputPath = strdup(outputFile ?? "/dev/null")
        defer { free(nullPath); free(outputPath) }
        guard let nullPath, let outputPath else {
            throw Unavailable(description: "out of memory starting \(command[0])")
        }
        posix_spawn_file_actions_addopen(&actions, 0, nullPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
        guard spawned == 0 else { throw Unavailable(description: "cannot run \(command[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var output = ""
        if let outputFile {
            output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: outputFile)
        }
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }

    // MARK: - Finding and cleaning

    /// Where every test server's folder is made (one folder per test process).
    static var root: String { "/tmp/entries-test-postgresql" }

    /// `pg_config --bindir` first, then Debian's versioned folders, then the PATH.
    static func findBinaries() -> String? {
        var candidates: [String] = []
        if let versions = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql") {
            candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
        }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(directory))
        }
        candidates += ["/opt/homebrew/bin", "/usr/local/bin", "/usr/local/pgsql/bin"]
        return candidates.first { folder in
            ["initdb", "pg_ctl", "psql"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
        }.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    }

    /// Stops and removes the servers of test processes that are gone (crashed, killed).
    private static func removeAbandonedServers(binaries: String, runAs: String?) {
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        chmod(root, 0o1777)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] {
            let folder = root + "/" + name
            guard let text = try? String(contentsOfFile: folder + "/owner.pid", encoding: .utf8),
                let owner = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            let stop = [binaries + "/pg_ctl", "-D", folder + "/data", "-m", "immediate", "-w", "stop"]
            _ = try? spawn(runAs.map { ["/usr/sbin/runuser", "-u", $0, "--"] + stop } ?? stop, outputFile: nil)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// A TCP port nothing listens on now (the kernel's pick).
    private static func freePort() throws -> Int {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw Unavailable(description: "cannot open a socket to find a free port") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socketDescriptor, generic, length) == 0 && getsockname(socketDescriptor, generic, &length) == 0
            }
        }
        guard bound else { throw Unavailable(description: "cannot find a free TCP port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
