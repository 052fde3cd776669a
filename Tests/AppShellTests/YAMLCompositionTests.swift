import AppShellTesting
import Foundation
import XCTest
import Yams

@testable import AppShell

/// Storyboards, keys files and layouts are composed without Yams's default resolver (whose regular
/// expressions cost a start about a millisecond): the tags must still be the ones it gives. Each test
/// compares with Yams itself, `Resolver.default`, on the same input.
final class YAMLCompositionTests: XCTestCase {
    /// The tag Yams's default resolver gives a plain scalar written `text`.
    private func yamsTag(_ text: String) -> String {
        Resolver.default.resolveTag(of: .scalar(Node.Scalar(text, Tag(.implicit, .default, .default)))).rawValue
    }

    /// Pieces that the default rules care about: digits, signs, separators, prefixes, keywords, the
    /// blanks and line breaks around them.
    private let pieces = [
        "0", "1", "7", "8", "9", "5", "6", "12", "59", "60", "2024", "_", "+", "-", ".", ":", "e", "E", "0b", "0o",
        "0x", "a", "F", "g", "inf", "Inf", "INF", "nan", "NaN", "NAN", "T", "t", "Z", " ", "\t", "yes", "No", "ON",
        "off", "true", "False", "null", "Null", "~", "<<", "=", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}",
        "\u{2028}", "\u{2029}", "é", "٣", "1\u{301}",
    ]

    func testEveryRuleGivesTheTagOfYamsDefaultResolver() {
        let written = [
            "", "~", "null", "NULL", "nULL", "yes", "YeS", "on", "OFF", "y", "n", "0", "-0", "+0", "00", "007", "08",
            "0o17", "0o", "0b101", "0b", "0b2", "0x1F", "0xg", "0x", "1_000", "1:30", "1:3:5", "1:60", "190:20:30",
            "-1:30", "0:30", "1.5", "1.", ".5", "-.5", "+.5", ".5e+3", ".5e3", "1e5", "1e+5", "1E-5", "1.5e", "1:30.5",
            "1:30.", ":30", ".inf", "-.inf", "+.INF", ".Inf", ".nan", "-.nan", ".NaN", "<<", "=", "==",
            "2024-01-02", "2024-1-2", "2024-01-02T10:20:30", "2024-1-2t1:20:30", "2024-01-02 10:20:30.25",
            "2024-01-02  10:20:30Z", "2024-01-02T10:20:30 +01:00", "2024-01-02T10:20:30-5", "2024-01-02T10:20:30 ",
            "2024-01-02T10:20:30+123", "2024-01-02T10:20:3", "2024-01-02T1:2:30", "20240-01-02", "2024-001-02",
            "true\n", "1\r\n", "1\r", "1\u{2028}", "1\u{85}", "1\u{0B}", "1\u{0C}", "null\n", "\n", "1\n\n", "1\n2",
            "list", "showDetails", "Calendar", "40%", "-", "+", "1 2", " 1", "1 ",
        ]
        for text in written {
            XCTAssertEqual(
                YAMLComposition.defaultTagName(ofPlain: text).rawValue, yamsTag(text), "for \(text.debugDescription)")
        }
        var generator = SeededGenerator(seed: 20_261_129)
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            if YAMLComposition.defaultTagName(ofPlain: text).rawValue != yamsTag(text) {
                disagreements.append(text.debugDescription)
            }
        }
        XCTAssertEqual(disagreements.prefix(20), [], "\(disagreements.count) texts tagged unlike Yams")
    }

    private func place(_ mark: Mark?) -> String {
        mark.map { "\($0.line):\($0.column)" } ?? "none"
    }

    /// Both trees alike: the same kinds of node, texts, places and styles, and every value's tag (a
    /// mapping key's tag is never read, and is compared by its text and place only).
    private func assertSameTree(
        _ ours: Node?, _ theirs: Node?, isKey: Bool = false, path: String = "root", file: StaticString = #filePath,
        line: UInt = #line
    ) {
        switch (ours, theirs) {
        case (nil, nil):
            return
        case (.scalar(let a)?, .scalar(let b)?):
            XCTAssertEqual(a.string, b.string, path, file: file, line: line)
            XCTAssertEqual(place(a.mark), place(b.mark), path, file: file, line: line)
            XCTAssertEqual(a.style, b.style, path, file: file, line: line)
            if !isKey {
                XCTAssertEqual(ours?.tag.rawValue, theirs?.tag.rawValue, "\(path): \(a.string)", file: file, line: line)
            }
        case (.mapping(let a)?, .mapping(let b)?):
            XCTAssertEqual(a.count, b.count, path, file: file, line: line)
            XCTAssertEqual(place(a.mark), place(b.mark), path, file: file, line: line)
            XCTAssertEqual(ours?.tag.rawValue, theirs?.tag.rawValue, path, file: file, line: line)
            for (pair, other) in zip(a, b) {
                let name = "\(path).\(pair.key.scalar?.string ?? "?")"
                assertSameTree(pair.key, other.key, isKey: true, path: name + " (key)", file: file, line: line)
                assertSameTree(pair.value, other.value, path: name, file: file, line: line)
            }
        case (.sequence(let a)?, .sequence(let b)?):
            XCTAssertEqual(a.count, b.count, path, file: file, line: line)
            XCTAssertEqual(ours?.tag.rawValue, theirs?.tag.rawValue, path, file: file, line: line)
            for (index, (node, other)) in zip(a, b).enumerated() {
                assertSameTree(node, other, path: "\(path)[\(index)]", file: file, line: line)
            }
        default:
            XCTFail(
                "\(path): \(String(describing: ours)) against \(String(describing: theirs))", file: file, line: line)
        }
    }

    private func assertComposedAsYamsDoes(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let ours = Result { try YAMLComposition.compose(text) }
        let theirs = Result { try Yams.compose(yaml: text, Resolver.default, Constructor.default, .utf8) }
        switch (ours, theirs) {
        case (.success(let a), .success(let b)):
            assertSameTree(a, b, file: file, line: line)
        case (.failure(let a), .failure(let b)):
            XCTAssertEqual(String(describing: a), String(describing: b), file: file, line: line)
        default:
            XCTFail("composed \(ours) but Yams \(theirs)", file: file, line: line)
        }
    }

    func testTheShippedStoryboardsAndLayoutsComposeAsWithYamsDefaultResolver() throws {
        let tree = try SourceTree(containing: #filePath)
        let files = [
            "Sources/EntriesContext/Entries.storyboard", "Sources/CalendarContext/Calendar.storyboard",
            "Sources/SettingsContext/Settings.storyboard", "Sources/TrashContext/Trash.storyboard",
            "Sources/EntryUI/Layouts/EntryList.layout", "Sources/EntriesContext/Layouts/EntryDetails.layout",
            "Sources/EntriesContext/Layouts/EntryPreview.layout",
            "Sources/EntriesContext/Layouts/EntryMoreDetails.layout",
            "Sources/SettingsContext/Layouts/SettingsEntryList.layout",
            "scripts/bench-layouts/six-columns/EntryList.layout",
        ]
        for path in files {
            assertComposedAsYamsDoes(try tree.text(of: path))
        }
    }

    func testEveryKindOfScalarComposesAsWithYamsDefaultResolver() {
        let texts = [
            """
            storyboard: Entries
            initial: list
            scenes:
              list:
                kind: EntryList
                title: yes
                help: 1.5
                keys: {enter: showDetails, "1": one, 2: two, ~: nothing, null: none, <<: merge, =: value}
              other:
                kind: 2024-01-02
                title: !!str 12
                help: ! 12
                keys: [a, 1, true, .inf, "~", '', 0x1F]
            segues:
              - {from: list, to: , kind: push}
              - from: |
                  literal
                to: >
                  folded 12
            """,
            "", "~", "12", "a: 1\nb: \"1\"\n", "- 1\n- two\n- 2024-01-02 10:20:30 +01:00\n",
            "a: 1\n1: a\n\"1\": b\n", "\"\": x\n: y\n", "a: 1\na: 2\n", "a: [1, 2\n", "a: b: c\n",
        ]
        for text in texts {
            assertComposedAsYamsDoes(text)
        }
    }
}
