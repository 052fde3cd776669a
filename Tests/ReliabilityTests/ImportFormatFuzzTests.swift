import AppShellTesting
import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// Every import format on random and mutated files, for a fixed time: reading never traps; a refused
/// file gives an `ImportError` with a reason and, when it names a line, a line the file has; an
/// accepted file gives entries with a title; sniffing the format never traps either.
final class ImportFormatFuzzTests: XCTestCase {
    private let budget = ReliabilityBudget()
    private let ledger = ReliabilityLedger()

    private static let json = """
        [
        {"title":"Standup","body":"Notes \\u00e9 \\ud83d\\ude00 \\"quoted\\"\\n","moreDetails":"","tags":["work","daily"],"createdAt":"2024-01-05T09:30:00.000Z","updatedAt":"2024-01-05T10:02:00.000Z"},
        {"title":"日本語","body":"tab\\there","tags":[],"createdAt":"2024-01-06"},
        {"id":7,"title":"Only a title"}
        ]
        """
    private static let jsonLines = """
        {"title":"One","body":"first","tags":["a"],"createdAt":"2024-01-05T09:30:00Z"}
        {"title":"Two \\u0041","moreDetails":"more","tags":["b","c"]}

        {"title":"Three","body":"line\\r\\nbreak","updatedAt":"2024-02-29T23:59:59.999Z","createdAt":"2024-02-29"}
        """
    private static let jrnl = """
        {"tags": {"@work": 2}, "entries": [
          {"title": "Standup", "body": "Notes", "date": "2024-01-05", "time": "09:30", "tags": ["@work"], "starred": true},
          {"title": "Later", "body": "", "date": "2024-01-06", "time": "18:05:10", "tags": ["#home", "@work"], "starred": false, "uuid": "x"}
        ]}
        """
    private static let csv = """
        id,title,body,more_details,tags,created_at,updated_at\r
        1,Standup,"Notes, with ""quotes""\r
        and a second line",,work;daily,2024-01-05T09:30:00.000Z,2024-01-05T10:02:00.000Z\r
        2,Plain,body,more,,2024-01-06,\r
        3,"Ünïcödé",,,"a, b",,\r

        """

    func testJSON() { fuzz(.json, samples: [Self.json, "[]", "[{\"title\":\"x\"}]"]) }
    func testJSONLines() { fuzz(.jsonl, samples: [Self.jsonLines, "{\"title\":\"x\"}"]) }
    func testJrnl() { fuzz(.jrnl, samples: [Self.jrnl, "{\"entries\":[]}"]) }
    func testCSV() { fuzz(.csv, samples: [Self.csv, "title\nx\n", "title,tags\n\"a\nb\",\"x;y\"\n"]) }

    private func fuzz(_ format: ImportFormat, samples: [String], file: StaticString = #filePath, line: UInt = #line) {
        var random = SeededGenerator(seed: budget.seed ^ UInt64(format.rawValue.hashValue & 0xFFFF))
        let mutator = InputMutator(samples: samples.map { Array($0.utf8) })
        // The samples themselves are valid: the fuzzer starts from files that import.
        for sample in samples {
            XCTAssertNoThrow(
                try format.drafts(from: Data(sample.utf8), timeZone: .gmt), "sample \(sample)", file: file, line: line)
        }
        var counter = TrialCounter()
        var accepted = 0
        untilDeadline(budget.fuzzDuration / 4) {
            let bytes =
                Int.random(in: 0..<10, using: &random) == 0
                ? InputMutator.noise(maximumLength: 300, using: &random) : mutator.mutated(using: &random)
            let data = Data(bytes)
            var problems: [String] = []
            _ = ImportFormat.detect(path: "fuzz.\(format.rawValue)", content: data)
            _ = ImportFormat.sniff(data)
            do throws(ImportError) {
                let drafts = try format.drafts(from: data, timeZone: .gmt)
                accepted += 1
                if drafts.contains(where: { $0.title.isEmpty }) {
                    problems.append("an entry without a title was accepted")
                }
            } catch {
                // `drafts(from:)` throws ImportError by its type; check what it says.
                let lines = bytes.filter { $0 == 0x0A }.count + 1
                if error.reason.isEmpty { problems.append("an ImportError without a reason") }
                if let errorLine = error.line, !(1...lines).contains(errorLine) {
                    problems.append("the error names line \(errorLine) of a \(lines)-line file: \(error)")
                }
                if let column = error.column, column < 1 { problems.append("column \(column): \(error)") }
            }
            if !problems.isEmpty {
                problems.append("input: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row("fuzz: import \(format.rawValue)", nothingLost: nil, note: "\(accepted) accepted"), file: file,
            line: line)
    }
}
