import Foundation
import XCTest

/// What one run of the `entries` binary did.
struct CommandResult {
    var status: Int32
    var standardOutput: Data
    var standardError: Data

    var output: String { String(decoding: standardOutput, as: UTF8.self) }
    var error: String { String(decoding: standardError, as: UTF8.self) }
}

/// Finds and runs the built `entries` executable. `swift test` builds it before the tests run; it
/// sits in the build products folder beside the test bundle.
enum EntriesBinary {
    /// The places looked at, first match wins: `$ENTRIES_BINARY`, next to the test bundle (Linux runs
    /// the bundle itself, macOS loads it from a `.xctest` folder), then `.build/debug` of this package.
    static func candidates() -> [URL] {
        var urls: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["ENTRIES_BINARY"], !explicit.isEmpty {
            urls.append(URL(fileURLWithPath: explicit))
        }
        for bundle in [Bundle.main] + Bundle.allBundles {
            let bundleURL = bundle.bundleURL
            urls.append(bundleURL.deletingLastPathComponent().appendingPathComponent("entries"))
            urls.append(bundleURL.appendingPathComponent("entries"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        urls.append(packageRoot.appendingPathComponent(".build/debug/entries"))
        return urls
    }

    static func locate() throws -> URL {
        let candidates = candidates()
        for url in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: url.path)
            {
                return url
            }
        }
        let looked = candidates.map(\.path).joined(separator: ", ")
        // A failure, not a skip: the tests must never pass without running the binary.
        throw BinaryNotFound(
            description: """
                the entries binary was not found (looked in: \(looked)); build it first with \
                `swift build --product entries`, or set ENTRIES_BINARY to its path
                """)
    }

    /// Runs the binary with `arguments`, `input` on standard input (empty, and not a terminal, when
    /// nil), and `environment` (with nothing of this process's but its sanitizer settings); waits for it
    /// to exit.
    static func run(
        _ arguments: [String], input: Data?, environment: [String: String], directory: URL
    ) throws -> CommandResult {
        try run(executable: try locate(), arguments, input: input, environment: environment, directory: directory)
    }

    /// The sanitizer runtimes' settings of this test process (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`,
    /// `UBSAN_OPTIONS`), which every program a test starts is given too. The tests build a child's
    /// environment from nothing; without these, an `entries` built with a sanitizer (`make sanitize`) runs
    /// with the runtime's defaults: its reports miss the run's report folder, and LeakSanitizer reports at
    /// exit what the run turned off (`detect_leaks=0`), failing the test.
    static func sanitizerOptions(
        of environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [String: String] {
        environment.filter { ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key) }
    }

    /// Runs any executable the same way (e.g. script(1) to give `entries` a terminal); the environment
    /// is `environment` and this process's sanitizer settings (`sanitizerOptions`), `environment` first.
    static func run(
        executable binary: URL, _ arguments: [String], input: Data?, environment: [String: String], directory: URL
    ) throws -> CommandResult {
        let scratch = directory.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputURL = scratch.appendingPathComponent("stdin")
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try (input ?? Data()).write(to: inputURL)
        // Files rather than pipes: no deadlock however much the command prints.
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let stdin = try FileHandle(forReadingFrom: inputURL)
        let stdout = try FileHandle(forWritingTo: outputURL)
        let stderr = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment.merging(sanitizerOptions()) { given, _ in given }
        process.currentDirectoryURL = directory
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        try stdin.close()
        try stdout.close()
        try stderr.close()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: try Data(contentsOf: outputURL),
            standardError: try Data(contentsOf: errorURL))
    }
}

/// The `entries` executable is not built where the tests look for it.
struct BinaryNotFound: Error, CustomStringConvertible {
    var description: String
}
