import Foundation

/// What one run of a program did.
struct ProcessResult {
    var status: Int32
    /// True when it ended by a signal (`status` is then the signal number).
    var killedBySignal: Bool
    var standardOutput: String
    var standardError: String
}

/// The built `entries` executable, run as a subprocess with exactly the environment given.
struct EntriesProcess {
    let executable: URL
    /// The environment of every run (PATH, HOME, TZ, LANG; no EDITOR, no real database).
    let environment: [String: String]
    /// Where standard output and error files go.
    let scratch: URL

    /// Finds the binary: `$ENTRIES_BINARY`, next to the test bundle, else `.build/debug/entries`.
    static func locate() throws -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["ENTRIES_BINARY"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        for bundle in [Bundle.main] + Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("entries"))
            candidates.append(bundle.bundleURL.appendingPathComponent("entries"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/entries"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        // A failure, not a skip: the suite must never pass without running the binary.
        throw SuiteSetupError(
            "the entries binary was not found (looked in \(candidates.map(\.path))); "
                + "build it with `swift build --product entries` or set ENTRIES_BINARY")
    }

    /// The environment every run gets: nothing from the developer's but a sanitizer run's settings, UTC, UTF-8.
    static func cleanEnvironment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
            "HOME": home.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
        ]
        // The sanitizer settings of a `make sanitize` run reach the program too (run here, in tmux or on a
        // pseudo-terminal): built with a sanitizer, it would otherwise run with the runtime's defaults,
        // its reports outside the run's folder (on the pane's screen, unseen) and LeakSanitizer's report
        // at exit, which the run turned off, failing the test.
        for (key, value) in ProcessInfo.processInfo.environment
        where ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains(key) {
            environment[key] = value
        }
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs `entries arguments…` to the end; `input` is standard input (empty when nil).
    func run(
        _ arguments: [String], input: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        let started = try start(arguments, input: input, extraEnvironment: extraEnvironment)
        return try started.wait()
    }

    /// Runs `entries arguments…`; nil (after killing it) when it is still running after `seconds`.
    func run(_ arguments: [String], killedAfter seconds: TimeInterval) throws -> ProcessResult? {
        let started = try start(arguments)
        let deadline = Date().addingTimeInterval(seconds)
        while started.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if started.isRunning {
            started.send(SIGKILL)
            _ = try started.wait()
            return nil
        }
        return try started.wait()
    }

    /// Runs any program the same way (a shell that sets limits, then execs `entries`).
    func runProgram(
        _ program: URL, _ arguments: [String], input: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessResult {
        try start(program: program, arguments, input: input, extraEnvironment: extraEnvironment).wait()
    }

    /// Starts `entries arguments…` and returns at once, for tests that kill it.
    func start(
        _ arguments: [String], input: Data? = nil, extraEnvironment: [String: String] = [:]
    ) throws -> StartedProcess {
        try start(program: executable, arguments, input: input, extraEnvironment: extraEnvironment)
    }

    private func start(
        program: URL, _ arguments: [String], input: Data?, extraEnvironment: [String: String]
    ) throws -> StartedProcess {
        let files = scratch.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let inputURL = files.appendingPathComponent("stdin")
        let outputURL = files.appendingPathComponent("stdout")
        let errorURL = files.appendingPathComponent("stderr")
        try (input ?? Data()).write(to: inputURL)
        // Files rather than pipes: no deadlock however much the program prints.
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        var environment = self.environment
        for (key, value) in extraEnvironment { environment[key] = value }
        process.environment = environment
        process.currentDirectoryURL = scratch
        let handles = try [
            FileHandle(forReadingFrom: inputURL), FileHandle(forWritingTo: outputURL),
            FileHandle(forWritingTo: errorURL),
        ]
        process.standardInput = handles[0]
        process.standardOutput = handles[1]
        process.standardError = handles[2]
        try process.run()
        return StartedProcess(
            process: process, handles: handles, folder: files, outputURL: outputURL, errorURL: errorURL)
    }
}

/// A running subprocess.
final class StartedProcess {
    let process: Process
    private let handles: [FileHandle]
    private let folder: URL
    private let outputURL: URL
    private let errorURL: URL

    init(process: Process, handles: [FileHandle], folder: URL, outputURL: URL, errorURL: URL) {
        self.process = process
        self.handles = handles
        self.folder = folder
        self.outputURL = outputURL
        self.errorURL = errorURL
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGKILL for `kill -9`).
    func send(_ signal: Int32) {
        _ = kill(process.processIdentifier, signal)
    }

    /// Waits for the end and collects what it printed.
    func wait() throws -> ProcessResult {
        process.waitUntilExit()
        for handle in handles { try? handle.close() }
        defer { try? FileManager.default.removeItem(at: folder) }
        return ProcessResult(
            status: process.terminationStatus,
            killedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}

/// The suite cannot run here (a tool or the binary is missing): a failure that says what to install.
struct SuiteSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
