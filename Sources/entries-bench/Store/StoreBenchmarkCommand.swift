import PostgreSQLTesting
import Foundation

/// `entries-bench store [--sizes 10000,100000,1000000] [--keep DIR] [--import-only [--no-reimport]]
/// [--backend sqlite|postgres] [--links]`: parses the options, runs ``StoreBenchmark`` for each size, prints one
/// aligned table on stdout. With
/// `--backend postgres`, each size runs on SQLite and then on a private PostgreSQL server (started for
/// the run, on this machine, removed afterwards), side by side in the table.
enum StoreBenchmarkCommand {
    static let defaultSizes = [10_000, 100_000, 1_000_000]

    static func run(arguments: [String]) -> Int32 {
        var sizes = defaultSizes
        var keepFolder: String?
        var importOnly = false
        var reimport = true
        var withPostgreSQL = false
        var withEncrypted = false
        var withLinks = false
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--sizes":
                guard let value = remaining.popFirst() else { return fail("--sizes needs a value, e.g. 10000,100000") }
                let parsed = value.split(separator: ",").map { Int($0.replacingOccurrences(of: "_", with: "")) }
                guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) >= 200 }) else {
                    return fail("--sizes takes sizes of at least 200, separated by commas, e.g. 10000,100000")
                }
                sizes = parsed.compactMap { $0 }
            case "--keep":
                guard let value = remaining.popFirst() else { return fail("--keep needs a folder") }
                keepFolder = value
            case "--encrypted":
                withEncrypted = true
            case "--import-only":
                importOnly = true
            case "--links":
                withLinks = true
            case "--no-reimport":
                reimport = false
            case "--backend":
                switch remaining.popFirst() {
                case "sqlite": withPostgreSQL = false
                case "postgres", "postgresql":
                    #if PostgreSQL
                    withPostgreSQL = true
                    #else
                    return fail("this build has no PostgreSQL client (built without the PostgreSQL trait)")
                    #endif
                default: return fail("--backend takes sqlite or postgres")
                }
            case "-h", "--help":
                print(
                    """
                    usage: entries-bench store [--sizes 10000,100000,1000000] [--keep DIR] [--import-only [--no-reimport]] [--backend sqlite|postgres] [--encrypted] [--links]
                      --links         entries that link to each other, 3 links each on average (by id and by title)
                      --encrypted     also an encrypted journal, measured beside the plain one in the same run
                      --import-only   stop after the import and the import of the same entries again (all skipped)
                      --no-reimport   with --import-only: stop right after the import (the import again takes
                                      longer than the import itself at 10,000,000 entries)
                    """)
                return 0
            default:
                return fail("unknown option \(option); see entries-bench store --help")
            }
        }
        if !reimport && !importOnly {
            return fail("--no-reimport goes with --import-only (the other measures need the re-import's check)")
        }
        let progress = BenchmarkProgress()
        var server: PrivatePostgreSQLServer?
        if withPostgreSQL {
            progress.show("starting a private PostgreSQL server")
            do { server = try PrivatePostgreSQLServer.shared() } catch {
                return fail("cannot start PostgreSQL: \(error)")
            }
        }
        defer { server?.stop() }
        var results: [StoreBenchmark.Result] = []
        for size in sizes {
            let folder =
                keepFolder ?? NSTemporaryDirectory() + "entries-bench-\(ProcessInfo.processInfo.processIdentifier)"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let path = folder + "/store-\(size).sqlite"
                var backends: [any StoreBackend] = [SQLiteBackend(path: path)]
                if withEncrypted {
                    backends.append(SQLiteBackend(path: folder + "/store-\(size)-encrypted.sqlite", encrypted: true))
                }
                #if PostgreSQL
                if let server { backends.append(PostgreSQLBackend(server: server)) }
                #endif
                for backend in backends {
                    var benchmark = StoreBenchmark(size: size, backend: backend, progress: progress)
                    benchmark.withLinks = withLinks
                    results.append(try benchmark.run(importOnly: importOnly, reimport: reimport))
                }
                if keepFolder == nil { try? FileManager.default.removeItem(atPath: folder) }
            } catch {
                return fail("store benchmark with \(size) entries failed: \(error)")
            }
        }
        progress.clear()
        print(StoreBenchmarkTable(results: results).render())
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("entries-bench store: \(message)\n".utf8))
        return 2
    }
}

/// Progress on stderr, only when stderr is a terminal (so redirected output stays clean).
final class BenchmarkProgress: Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1

    func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(message)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
