import AppShellTesting
import Foundation
import XCTest

/// The base of the suite's process-level tests: a fresh temporary folder per test (also `HOME`), the
/// budget, the ledger, and the `entries` binary ready to run in that folder.
class ReliabilityTestCase: XCTestCase {
    let budget = ReliabilityBudget()
    let ledger = ReliabilityLedger()
    private(set) var directory = URL(fileURLWithPath: "/nonexistent")
    private(set) var entries = EntriesProcess(
        executable: URL(fileURLWithPath: "/nonexistent"), environment: [:], scratch: URL(fileURLWithPath: "/tmp"))

    override func setUpWithError() throws {
        try super.setUpWithError()
        #if !os(Linux)
        // Processes are found and watched through /proc (their command lines, their bytes written).
        throw XCTSkip("the process-level reliability tests need Linux's /proc")
        #endif
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("entries-reliability-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        entries = EntriesProcess(
            executable: try EntriesProcess.locate(),
            environment: EntriesProcess.cleanEnvironment(home: directory),
            scratch: directory)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// A path inside the test folder.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Runs `entries --database DATABASE arguments…`, which must succeed; returns standard output.
    @discardableResult
    func succeed(
        _ database: String, _ arguments: [String], input: Data? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let result = try entries.run(["--database", database] + arguments, input: input)
        XCTAssertEqual(
            result.status, 0, "entries \(arguments.joined(separator: " ")): \(result.standardError)", file: file,
            line: line)
        return result.standardOutput
    }

    /// Writes `text` into the test folder and returns the path.
    func writeFile(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// A random generator seeded from the budget and this test's name, so each test has its own
    /// sequence and a run can be replayed (`RELIABILITY_SEED`).
    func makeGenerator() -> SeededGenerator {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        print("\(name): seed \(budget.seed)")
        return SeededGenerator(seed: budget.seed ^ hash)
    }
}
