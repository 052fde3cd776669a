import Foundation
import XCTest

/// The help of every command, as the man page is generated from it (swift-argument-parser's
/// generate-manual): written in characters that reach the page, as prose without stray gaps.
final class EntriesHelpTextTests: EntriesCommandTestCase {
    /// generate-manual drops `…` from the texts it writes into the page (a newcomer found them
    /// missing from the man page): help texts write "..." instead.
    func testNoHelpTextHoldsAnEllipsisCharacter() throws {
        var pending: [[String]] = [[]]
        var visited = 0
        let subcommandLine = try NSRegularExpression(
            pattern: #"^  ([a-z][a-z-]*)\s{2,}\S"#, options: .anchorsMatchLines)
        while let path = pending.popLast() {
            let result = try EntriesBinary.run(
                path + ["--help"], input: nil, environment: environment(), directory: directory)
            XCTAssertEqual(result.status, 0, "\(path): \(result.error)")
            XCTAssertFalse(
                result.output.contains("…"), "entries \(path.joined(separator: " ")) --help:\n\(result.output)")
            // The overview's prose is wrapped by the parser: a run of spaces in it is a line break that
            // was lost in the source (a paragraph once read "-j NAME             (--journal NAME)").
            // Indented lines are examples, whose columns are meant.
            let overview = result.output.components(separatedBy: "USAGE:").first ?? ""
            for line in overview.split(separator: "\n") where !line.hasPrefix(" ") && line.contains("   ") {
                XCTFail("entries \(path.joined(separator: " ")) --help has a run of spaces in its overview: \(line)")
            }
            visited += 1
            guard result.output.contains("SUBCOMMANDS:") else { continue }
            let section = result.output.components(separatedBy: "SUBCOMMANDS:").last ?? ""
            for match in subcommandLine.matches(in: section, range: NSRange(section.startIndex..., in: section)) {
                guard let range = Range(match.range(at: 1), in: section) else { continue }
                let name = String(section[range])
                if name != "help" { pending.append(path + [name]) }
            }
        }
        XCTAssertGreaterThan(visited, 15, "the commands were not found")
    }

    /// `--tag`'s help said "exact match", though `--tag Work` finds the entries tagged `work`.
    func testTagHelpSaysWhatTheMatchIgnores() throws {
        try succeed("add", "Planted beans. @work")
        XCTAssertEqual(try allEntries().count, 1)
        XCTAssertEqual(try decodeEntries(Data(succeed("export", "--tag", "WORK").utf8)).count, 1)
        for command in ["export", "list", "read", "delete", "edit"] {
            // The help is wrapped to the terminal: its words, one space apart.
            let help = try succeed(command, "--help").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertFalse(help.contains("exact match"), "\(command) --help")
            XCTAssertTrue(help.contains("this tag (whole tag, ignoring case;"), "\(command) --help")
        }
    }
}
