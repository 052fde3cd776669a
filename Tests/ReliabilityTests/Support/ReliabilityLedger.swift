import Foundation
import XCTest

/// One line of the reliability table: a fault or input class, how often it was tried, how often
/// something went wrong, and whether any entry was lost.
struct ReliabilityRow: Equatable {
    /// The fault or input class ("killed mid-import", "fuzz: import jsonl"…).
    var fault: String
    var trials: Int
    var failures: Int
    /// nil when the class cannot lose entries (a fuzzer), else whether every entry was accounted for.
    var nothingLost: Bool?
    /// A measurement worth showing (a latency, how many kills landed mid-write).
    var note: String = ""

    /// The line `scripts/reliability.sh` collects: fields separated by tabs.
    var ledgerLine: String {
        let lost = nothingLost.map { $0 ? "yes" : "NO" } ?? "n/a"
        return ["RELIABILITY", fault, String(trials), String(failures), lost, note].joined(separator: "\t")
    }
}

/// Where the rows go: printed by each test (so `swift test` output shows them), and appended to
/// `$RELIABILITY_REPORT` when set, which the script turns into the table.
struct ReliabilityLedger {
    let reportPath: String?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        reportPath = environment["RELIABILITY_REPORT"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Records `row`, then fails the calling test when it has failures or lost anything.
    func record(_ row: ReliabilityRow, file: StaticString = #filePath, line: UInt = #line) {
        print(row.ledgerLine)
        if let reportPath {
            append(row.ledgerLine + "\n", to: reportPath)
        }
        XCTAssertEqual(
            row.failures, 0, "\(row.fault): \(row.failures) of \(row.trials) trials failed", file: file, line: line)
        if let nothingLost = row.nothingLost {
            XCTAssertTrue(nothingLost, "\(row.fault): entries were lost", file: file, line: line)
        }
        XCTAssertGreaterThan(row.trials, 0, "\(row.fault): nothing was tried", file: file, line: line)
    }

    private func append(_ text: String, to path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(text.utf8))
    }
}

/// Counts trials and failures of one class, keeping the first few failure messages for the report.
struct TrialCounter {
    private(set) var trials = 0
    private(set) var failures: [String] = []

    /// Records one trial; `problems` empty means it passed.
    mutating func record(_ problems: [String]) {
        trials += 1
        if !problems.isEmpty { failures.append("trial \(trials): " + problems.joined(separator: "; ")) }
    }

    /// Reports the failure messages (as test failures) and returns the row.
    func row(
        _ fault: String, nothingLost: Bool?, note: String = "", file: StaticString = #filePath, line: UInt = #line
    ) -> ReliabilityRow {
        for failure in failures.prefix(10) {
            XCTFail("\(fault): \(failure)", file: file, line: line)
        }
        return ReliabilityRow(
            fault: fault, trials: trials, failures: failures.count, nothingLost: nothingLost, note: note)
    }
}
