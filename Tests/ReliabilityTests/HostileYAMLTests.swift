import Foundation
import XCTest
import Yams

/// YAML from strangers, through the real binary: alias bombs in config.yaml, keys.yaml and a
/// storyboard, with the anchor hidden behind a tab or in a `? ` key; and a 40,000-line keys.yaml with
/// 60 duplicate keys. Each is refused (or read) at once, with the file's line and column, exit status
/// not 0, and the file left byte for byte as it was. The companion shows that the bombs are armed:
/// composed by Yams without the guard, the key of a small one is already thousands of nodes.
final class HostileYAMLTests: ReliabilityTestCase {
    static let generousSeconds = 10.0

    /// `a0: &a0 [x ×10]`, `aN: [SEP&aN [*aN-1 ×10]]`, then `? *aLAST : 1`.
    static func aliasBomb(levels: Int, separator: String) -> String {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: 10).joined(separator: ",") + "]"]
        for level in 1...levels {
            lines.append(
                "a\(level): [\(separator)&a\(level) ["
                    + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]]")
        }
        lines.append("? *a\(levels)\n: 1")
        return lines.joined(separator: "\n") + "\n"
    }

    private var configFolder: URL { directory.appendingPathComponent(".config/entries") }

    /// Runs `entries arguments` with `file` written at `name` in the config folder; returns the problems.
    private func refused(
        _ name: String, _ text: String, _ arguments: [String], expecting needle: String, notes: inout [String]
    ) throws -> [String] {
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        let url = configFolder.appendingPathComponent(name)
        let data = Data(text.utf8)
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (result, seconds) = try timed { try entries.run(["--database", path("y.sqlite")] + arguments) }
        notes.append("\(name) \(Self.format(seconds))")
        var problems: [String] = []
        if seconds > Self.generousSeconds { problems.append("\(name): took \(Self.format(seconds))") }
        if result.status == 0 { problems.append("\(name): exit status 0") }
        if !result.standardError.contains(needle) {
            problems.append(
                "\(name): the error does not say \(needle.debugDescription): \(result.standardError.prefix(400))")
        }
        if (try? Data(contentsOf: url)) != data { problems.append("\(name): the file was changed") }
        return problems
    }

    func testAliasBombsAreRefusedAtOnceWhateverTheSpacing() throws {
        var counter = TrialCounter()
        var notes: [String] = []
        for (label, separator) in [("space", " "), ("tab", "\t"), ("line break", "\n    ")] {
            let bomb = Self.aliasBomb(levels: 8, separator: separator)
            // The first alias is on line 2 (3 when the separator breaks the line before it).
            let line = separator.contains("\n") ? 3 : 2
            counter.record(
                try refused("config.yaml", bomb, ["list"], expecting: "config.yaml:\(line):", notes: &notes).map {
                    "\(label): \($0)"
                })
            let keys = "Entries:\n  keys: {q: [\(separator)&k [quit]]}\n  scenes: {list: {x: *k}}\n"
            counter.record(
                try refused(
                    "keys.yaml", keys, ["storyboard", "lint"], expecting: "keys.yaml:\(line + 1):", notes: &notes
                )
                .map { "\(label): \($0)" })
            counter.record(
                try refused("keys.yaml", bomb, ["storyboard", "lint"], expecting: "keys.yaml:\(line):", notes: &notes)
                    .map { "\(label): \($0)" })
        }
        ledger.record(
            counter.row(
                "hostile YAML: alias bombs (config.yaml, keys.yaml; space, tab, line break)", nothingLost: true,
                note: notes.prefix(3).joined(separator: ", ")))
    }

    func testAFortyThousandLineKeysFileWithSixtyDuplicatesIsReadAtOnce() throws {
        var lines = ["Entries:", "  keys:"]
        for index in 0..<40_000 { lines.append("    k\(index % 39_940): quit") }
        var counter = TrialCounter()
        var notes: [String] = []
        counter.record(
            try refused(
                "keys.yaml", lines.joined(separator: "\n") + "\n", ["storyboard", "lint"],
                expecting: "keys.yaml:39943:5: error: duplicate key `k0`", notes: &notes))
        let deep = String(repeating: "[", count: 200_000)
        counter.record(
            try refused("config.yaml", "sort: " + deep + "\n", ["list"], expecting: "config.yaml:1:", notes: &notes))
        ledger.record(
            counter.row(
                "hostile YAML: 40,000-line keys.yaml, 60 duplicates; 200,000 [", nothingLost: true,
                note: notes.joined(separator: ", ")))
    }

    /// The companion: the bomb is real. Yams composes a four-level chain (a few hundred bytes) without
    /// complaint, and its key alone is over ten thousand nodes: eight levels are a hundred million.
    func testTheBombsAreArmedWithoutTheGuard() throws {
        let text = Self.aliasBomb(levels: 4, separator: "\t")
        let root = try Yams.compose(yaml: text)
        guard case .mapping(let mapping)? = root, let key = Array(mapping.keys).last else {
            return XCTFail("no mapping")
        }
        func count(_ node: Node) -> Int {
            switch node {
            case .sequence(let sequence): return 1 + sequence.reduce(0) { $0 + count($1) }
            case .mapping(let mapping): return 1 + mapping.reduce(0) { $0 + count($1.key) + count($1.value) }
            default: return 1
            }
        }
        XCTAssertGreaterThan(count(key), 10_000, "\(text.utf8.count) bytes")
    }

    static func format(_ seconds: TimeInterval) -> String { String(format: "%.2f s", seconds) }

    private func timed<T>(_ body: () throws -> T) rethrows -> (T, TimeInterval) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start))
    }
}
