import AppShell
import XCTest

/// The one guard every YAML file goes through (storyboards, keys.yaml, config.yaml), decided on
/// libyaml's events: an alias anywhere, however the text is spaced (a tab before the anchor hid it
/// from the old text scan), a key that is not a plain value, nesting past the bound, and duplicate
/// keys found in one pass (a 40,000-line keys.yaml with 60 duplicates took 31 s: one parse per duplicate).
final class YAMLInputGuardTests: XCTestCase {
    private let yamlGuard = YAMLInputGuard()

    /// The chain of the report: `a0: &a0 [x ×10]`, `aN: &aN [*aN-1 ×10]`, then `? *a8 : 1`.
    static func aliasBomb(levels: Int = 8, separator: String = " ") -> String {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: 10).joined(separator: ",") + "]"]
        for level in 1...levels {
            lines.append(
                "a\(level): [\(separator)&a\(level) ["
                    + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]]")
        }
        lines.append("? *a\(levels)\n: 1")
        return lines.joined(separator: "\n") + "\n"
    }

    func testAliasesAreRefusedHoweverTheTextIsSpaced() {
        for separator in [" ", "\t", "\t \t", "\n  "] {
            let start = Date()
            let report = yamlGuard.check(Self.aliasBomb(separator: separator))
            XCTAssertLessThan(Date().timeIntervalSince(start), 1)
            guard case .alias(let name, let location) = report.problem else {
                return XCTFail("separator \(separator.debugDescription): \(String(describing: report.problem))")
            }
            XCTAssertEqual(name, "a0")
            XCTAssertEqual(location.line, separator.contains("\n") ? 3 : 2, "the first alias, at its line")
        }
        // An alias used as a key, with no anchor on the same line; one after a tab in a flow list.
        XCTAssertEqual(
            yamlGuard.check("x: &a [1]\n? *a\n: 1\n").problem, .alias(name: "a", SourceLocation(line: 2, column: 3)))
        XCTAssertEqual(
            yamlGuard.check("x: &a [1]\ny: [\t*a]\n").problem, .alias(name: "a", SourceLocation(line: 2, column: 6)))
    }

    func testAnchorsAloneAndAsterisksInTextPass() {
        XCTAssertNil(yamlGuard.check("title: &t Items\nhelp: \"*t is not an alias\"\nnote: a *b* c\n").problem)
    }

    func testComplexKeysAreRefused() {
        XCTAssertEqual(yamlGuard.check("? [a, b]\n: 1\n").problem, .complexKey(SourceLocation(line: 1, column: 3)))
        XCTAssertEqual(yamlGuard.check("{a: 1}: 2\n").problem, .complexKey(SourceLocation(line: 1, column: 1)))
    }

    func testNestingIsBoundedWithoutRecursion() {
        for text in [
            String(repeating: "[", count: 500_000), String(repeating: "- ", count: 200_000) + "x",
            (0..<2_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"),
        ] {
            guard case .tooDeep = yamlGuard.check(text).problem else { return XCTFail(String(text.prefix(20))) }
        }
        XCTAssertNil(yamlGuard.check(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).problem)
        XCTAssertNotNil(yamlGuard.check(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).problem)
    }

    func testSizeIsBounded() {
        let report = YAMLInputGuard(maximumBytes: 10).check("a: 12345678\n")
        XCTAssertEqual(report.problem, .tooLarge(bytes: 12))
    }

    /// Every duplicate in one pass, with both locations and where the key is written.
    func testDuplicatesAreFoundInOnePass() {
        let report = yamlGuard.check("a: 1\nb: {x: 1, \"x\": 2}\na: 3\nc:\n  - a: 1\n    a: 2\n")
        XCTAssertNil(report.problem)
        XCTAssertEqual(report.duplicates.map(\.name), ["x", "a", "a"])
        XCTAssertEqual(
            report.duplicates.map(\.location),
            [
                SourceLocation(line: 2, column: 11), SourceLocation(line: 3, column: 1),
                SourceLocation(line: 6, column: 5),
            ])
        XCTAssertEqual(report.duplicates.map(\.firstLocation.line), [2, 1, 5])
        XCTAssertEqual(report.duplicates[0].scalarRange, 15..<18, "the quoted key, quotes included")
    }

    /// The reproduction: 40,000 lines, 60 duplicate keys. Read at once, every duplicate reported.
    func testAFortyThousandLineKeysFileWithSixtyDuplicatesIsReadAtOnce() {
        var lines = ["Entries:", "  keys:"]
        for index in 0..<40_000 { lines.append("    k\(index % 39_940): quit") }
        let text = lines.joined(separator: "\n") + "\n"
        let start = Date()
        let report = yamlGuard.check(text)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(report.duplicates.count, 60)
        XCTAssertLessThan(seconds, 3, "a debug build on a busy machine; about 0.1 s expected")
        let overlay = KeyOverlayLoader.parse(text, fileName: "keys.yaml")
        XCTAssertLessThan(Date().timeIntervalSince(start), 6)
        XCTAssertTrue(
            overlay.diagnostics.contains { $0.message.contains("duplicate key `k0`") },
            "\(overlay.diagnostics.prefix(3))")
        XCTAssertTrue(
            overlay.diagnostics.contains { $0.message.contains("60 duplicate keys") },
            "\(overlay.diagnostics.suffix(3))")
    }
}
