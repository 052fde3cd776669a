import AppShell
import AppShellTesting
import Foundation
import XCTest

/// Hostile input never crashes the loader: each gives one clear error, quickly.
final class StoryboardRobustnessTests: XCTestCase {
    private func diagnose(_ text: String) -> [StoryboardDiagnostic] {
        StoryboardLoader(registry: nil).diagnose(.text(text, fileName: "Noise.storyboard")).diagnostics
    }

    func testEmptyAndCommentOnlyFiles() {
        for text in ["", "   \n\n", "# just a comment\n"] {
            let diagnostics = diagnose(text)
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertTrue(diagnostics[0].message.contains("the file is empty"), "\(diagnostics)")
        }
    }

    func testNonMappingRoots() {
        XCTAssertTrue(diagnose("- a\n- b\n")[0].message.contains("expected the storyboard, found a list"))
        XCTAssertTrue(diagnose("42")[0].message.contains("found the number `42`"))
        XCTAssertTrue(diagnose("~")[0].message.contains("found nothing"))
    }

    func testYAMLSyntaxErrorsHaveTheirLocation() {
        let diagnostics = diagnose("storyboard: Demo\ninitial: list\nscenes:\n  list: {kind: ItemList, title: Items\n")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics[0].line, 5)
        XCTAssertTrue(diagnostics[0].message.hasPrefix("YAML syntax error:"), diagnostics[0].message)
        let tabs = diagnose("storyboard: Demo\n\tinitial: list\n")
        XCTAssertEqual(tabs.count, 1)
        XCTAssertEqual(tabs[0].line, 2)
    }

    func testAMegabyteOfRandomNoiseFailsFastWithOneError() {
        var generator = SeededGenerator(seed: 42)
        let bytes = (0..<1_000_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let noise = String(decoding: bytes, as: UTF8.self)
        // Printable noise has no control character to stop at early: the whole megabyte is scanned.
        let printable = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar(32 + $0 % 95) }))
        for text in [noise, printable] {
            let start = ContinuousClock.now
            let result = StoryboardLoader(registry: nil).diagnose(.text(text, fileName: "Noise.storyboard"))
            let elapsed = ContinuousClock.now - start
            XCTAssertEqual(result.diagnostics.count, 1, "\(result.diagnostics)")
            XCTAssertNil(result.storyboard)
            // Timing is reported, not asserted (timed tests flake on a busy machine).
            print("noise of \(text.utf8.count) bytes: \(elapsed) → \(result.diagnostics[0])")
        }
    }

    func testBinaryFilesAreRefusedWithTheLocationOfTheFirstBadByte() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("Binary.storyboard")
        try Data([0x73, 0x3A, 0x20, 0x61, 0x0A, 0x62, 0xFF, 0xFE, 0x00, 0x01]).write(to: url)
        let diagnostics = StoryboardLoader(registry: nil).diagnose(.file(url)).diagnostics
        XCTAssertEqual(diagnostics.map(\.line), [2])
        XCTAssertEqual(diagnostics.map(\.column), [2])
        XCTAssertTrue(diagnostics[0].message.contains("not UTF-8"))
        let controls = diagnose("storyboard: Demo\ninitial: \u{1}list\n")
        XCTAssertEqual(controls.count, 1)
        XCTAssertEqual(controls[0].line, 2)
        XCTAssertEqual(controls[0].column, 10)
        XCTAssertTrue(controls[0].message.contains("control character U+0001"), controls[0].message)
    }

    func testDeeplyNestedJunkIsRefusedBeforeParsing() {
        let cases = [
            String(repeating: "[", count: 500_000),
            String(repeating: "{a: ", count: 100_000),
            String(repeating: "- ", count: 200_000) + "x",
            (0..<2_000).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n"),
        ]
        for text in cases {
            let diagnostics = diagnose(text)
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertTrue(diagnostics[0].message.contains("nested more than"), diagnostics[0].message)
        }
    }

    func testAliasesCannotExpandExponentially() {
        var lines = ["a0: &a0 [x, x]"]
        for level in 1..<40 { lines.append("a\(level): &a\(level) [*a\(level - 1), *a\(level - 1)]") }
        lines.append("? *a39\n: boom")
        let diagnostics = diagnose(lines.joined(separator: "\n"))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].message.contains("anchors and aliases"), diagnostics[0].message)
        XCTAssertEqual(diagnostics[0].line, 2)
    }

    func testHugeFilesAreRefused() {
        let text = "storyboard: Demo\nhelp: \"" + String(repeating: "x", count: 5 * 1024 * 1024) + "\"\n"
        let diagnostics = diagnose(text)
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].message.contains("limited to"), diagnostics[0].message)
    }

    func testTooManyScenesAreRefusedBeforePathAnalysis() {
        let scenes = (0..<1_500).map { "  s\($0): {kind: Plain, title: S}" }.joined(separator: "\n")
        let segues = (0..<1_499).map { "  g\($0): {from: s\($0), to: s\($0 + 1), kind: push}" }.joined(separator: "\n")
        let diagnostics = diagnose("storyboard: Demo\ninitial: s0\nscenes:\n\(scenes)\nsegues:\n\(segues)\n")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(
            diagnostics[0].message.contains("1500 scenes and 1499 segues; the limits are"), diagnostics[0].message)
    }

    func testALongChainOfSeguesInReverseOrderLoads() {
        let count = StoryboardLoader.maximumScenes
        let scenes = (0..<count).map { "  s\($0): {kind: Plain, title: S, keys: {b: up\($0)}}" }.joined(separator: "\n")
        let pushes = (0..<(count - 1)).reversed().map { "  g\($0): {from: s\($0), to: s\($0 + 1), kind: push}" }
        let unwinds = (0..<count).map { "  up\($0): {from: s\($0), kind: unwind, to: s0}" }
        let text =
            "storyboard: Demo\ninitial: s0\nscenes:\n\(scenes)\nsegues:\n"
            + (pushes + unwinds).joined(separator: "\n") + "\n"
        let start = ContinuousClock.now
        let diagnostics = diagnose(text)
        print("a chain of \(count) scenes: \(ContinuousClock.now - start)")
        // Only s0 itself cannot unwind to s0; every other scene has s0 below it.
        XCTAssertEqual(
            diagnostics.map(\.message),
            [
                "segue `up0` unwinds from `s0` to `s0`, but no path of segues puts `s0` below `s0`"
            ])
    }

    func testManyDuplicatesStopWithAClearMessage() {
        let scenes = (0..<60).map { _ in "  same: {kind: Plain, title: Same}" }.joined(separator: "\n")
        let diagnostics = diagnose("storyboard: Demo\ninitial: same\nscenes:\n" + scenes)
        XCTAssertGreaterThanOrEqual(diagnostics.count, 50)
        XCTAssertTrue(diagnostics.contains { $0.message.contains("remove one to see the remaining problems") })
    }
}
