import Foundation
import XCTest

/// The documents stay true of the program: every link between them leads somewhere, the guide's
/// command list is the binary's, and ARCHITECTURE.md names the modules that exist.
final class DocumentationTests: EntriesCommandTestCase {
    private static let root = EntriesStoryboardCommandTests.repositoryRoot

    /// Every Markdown document a reader is sent to: the README, the guide, the architecture, the formats.
    private static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let guide = try FileManager.default.contentsOfDirectory(at: docs, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        let others = [
            "README.md", "ARCHITECTURE.md", "Sources/AppShell/Storyboard/FORMAT.md",
            "Sources/SQLiteStore/Encryption/ENCRYPTION.md",
        ].map { root.appendingPathComponent($0) }
        return (others + guide).sorted { $0.path < $1.path }
    }

    func testEveryRelativeLinkInTheDocumentsLeadsToAFileThatExists() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: document, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                let target = String(text[range])
                if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1)[0])
                let resolved = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                XCTAssertTrue(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(document.lastPathComponent) links to \(target), which does not exist")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 30, "the documents link to each other: the pattern found too few links")
    }

    func testTheReadmeStaysShortAndSendsReadersToTheGuide() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertLessThanOrEqual(lines, 200, "README.md is the front door; details go to docs/")
        for page in try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
        where page.hasSuffix(".md") {
            XCTAssertTrue(readme.contains("docs/\(page)"), "README.md does not lead to docs/\(page)")
        }
    }

    /// `entries --help` and the guide's list of commands name the same commands, both ways.
    func testTheCommandLineGuideListsEveryCommandOfTheBinaryAndNoOther() throws {
        let help = try succeed("--help")
        let subcommandLine = try NSRegularExpression(
            pattern: #"^  ([a-z][a-z-]*)\s{2,}\S"#, options: .anchorsMatchLines)
        let helpSection = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        let inHelp = Set(
            subcommandLine.matches(in: helpSection, range: NSRange(helpSection.startIndex..., in: helpSection))
                .compactMap { Range($0.range(at: 1), in: helpSection).map { String(helpSection[$0]) } })
        XCTAssertGreaterThan(inHelp.count, 10, "the help's command list was not found: \(help)")

        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/command-line.md"), encoding: .utf8)
        let usage = try NSRegularExpression(
            pattern: #"(?:^    |\| )entries ([a-z][a-z-]*)"#, options: .anchorsMatchLines)
        let inGuide = Set(
            usage.matches(in: guide, range: NSRange(guide.startIndex..., in: guide))
                .compactMap { Range($0.range(at: 1), in: guide).map { String(guide[$0]) } })
        XCTAssertEqual(inGuide.subtracting(inHelp).sorted(), [], "docs/command-line.md shows commands the binary lacks")
        XCTAssertEqual(inHelp.subtracting(inGuide).sorted(), [], "commands missing from docs/command-line.md's list")
    }

    /// Every module ARCHITECTURE.md's table names is a target folder, and every target folder is in it.
    func testArchitectureNamesEveryModuleThatExistsAndNoOther() throws {
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let row = try NSRegularExpression(pattern: #"^\| `([A-Za-z-]+)` \|"#, options: .anchorsMatchLines)
        let named = Set(
            row.matches(in: architecture, range: NSRange(architecture.startIndex..., in: architecture))
                .compactMap { Range($0.range(at: 1), in: architecture).map { String(architecture[$0]) } })
        let sources = Set(
            try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent("Sources").path
            ).filter { !$0.hasPrefix(".") })
        XCTAssertEqual(named.subtracting(sources).sorted(), [], "ARCHITECTURE.md names modules that are gone")
        XCTAssertEqual(
            sources.subtracting(named).sorted(), [],
            "modules ARCHITECTURE.md's table does not describe")
    }
}
