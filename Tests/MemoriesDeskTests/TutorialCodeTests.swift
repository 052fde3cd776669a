import Foundation
import XCTest

/// The tutorial "Build a context" (Sources/AppShell/Documentation.docc) shows the code of
/// `Examples/Memories` and its tests, step by step. Its code listings are files of the catalog,
/// which nothing compiles: this test ties them to the code the package builds and tests, so the
/// tutorial cannot drift from code that works.
///
/// - Each listing's last step is, byte for byte, the file of that name in `Examples/Memories`
///   (a test file may be shown in part: its listings are excerpts).
/// - Every earlier step is the same file with lines left out, in order (a step only adds lines).
final class TutorialCodeTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = root.appendingPathComponent("Sources/AppShell/Documentation.docc")

    /// `@Code(name: "X.swift", file: y.swift)` in the order the tutorial shows them.
    static func listings() throws -> [(name: String, file: String)] {
        let text = try String(contentsOf: catalog.appendingPathComponent("BuildAContext.tutorial"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"@Code\(name: "([^"]+)", file: "?([^")]+)"?\)"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let name = Range(match.range(at: 1), in: text), let file = Range(match.range(at: 2), in: text)
            else { return nil }
            return (String(text[name]), String(text[file]))
        }
    }

    /// The compiled file a listing shows: the one of that name under the example or its tests.
    static func compiledFile(named name: String) throws -> URL {
        let folders = ["Examples/Memories", "Tests/MemoriesDeskTests"].map { root.appendingPathComponent($0) }
        let matches = folders.flatMap { folder -> [URL] in
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
            return files.compactMap { $0 as? URL }.filter { $0.lastPathComponent == name }
        }
        guard matches.count == 1, let file = matches.first else {
            throw TutorialCodeError("\(name): \(matches.count) files of that name in the example, expected one")
        }
        return file
    }

    func testTheTutorialShowsEveryExampleFileItNames() throws {
        let listings = try Self.listings()
        XCTAssertGreaterThanOrEqual(listings.count, 10, "the tutorial's listings were not found")
        let names = Set(listings.map(\.name))
        for name in ["MemoriesFlow.swift", "MemoriesScene.swift", "MemoriesController.swift", "MemoriesDeskApp.swift"] {
            XCTAssertTrue(names.contains(name), "the tutorial does not show \(name)")
        }
    }

    func testEachListingsLastStepIsTheCompiledFile() throws {
        var last: [String: String] = [:]
        for listing in try Self.listings() { last[listing.name] = listing.file }
        for (name, file) in last.sorted(by: { $0.key < $1.key }) {
            let compiled = try Self.compiledFile(named: name)
            let shown = try String(
                contentsOf: Self.catalog.appendingPathComponent("Resources/\(file)"), encoding: .utf8)
            let actual = try String(contentsOf: compiled, encoding: .utf8)
            if compiled.path.contains("/Tests/") {
                XCTAssertTrue(Self.isInOrder(shown, within: actual), "\(file) is not an excerpt of \(compiled.path)")
            } else {
                XCTAssertEqual(shown, actual, "\(file), the last step of \(name), differs from \(compiled.path)")
            }
        }
    }

    func testEveryStepOnlyAddsLines() throws {
        let listings = try Self.listings()
        for (index, listing) in listings.enumerated() {
            let shown = try String(
                contentsOf: Self.catalog.appendingPathComponent("Resources/\(listing.file)"), encoding: .utf8)
            // The next step of the same file, or the compiled file for the last one.
            let nextFile = listings[(index + 1)...].first { $0.name == listing.name }?.file
            let next =
                try nextFile.map {
                    try String(contentsOf: Self.catalog.appendingPathComponent("Resources/\($0)"), encoding: .utf8)
                } ?? String(contentsOf: Self.compiledFile(named: listing.name), encoding: .utf8)
            XCTAssertTrue(
                Self.isInOrder(shown, within: next),
                "\(listing.file) is not \(nextFile ?? listing.name) with lines left out")
        }
    }

    func testTheCheckFailsOnAStepThatChangesALine() {
        XCTAssertTrue(Self.isInOrder("a\nc\n", within: "a\nb\nc\n"))
        XCTAssertFalse(Self.isInOrder("a\nB\n", within: "a\nb\nc\n"))
        XCTAssertFalse(Self.isInOrder("c\na\n", within: "a\nb\nc\n"))
    }

    /// Whether every line of `part` is a line of `whole`, in the same order.
    static func isInOrder(_ part: String, within whole: String) -> Bool {
        var remaining = whole.split(separator: "\n", omittingEmptySubsequences: false)[...]
        for line in part.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let found = remaining.firstIndex(of: line) else { return false }
            remaining = remaining[(found + 1)...]
        }
        return true
    }
}

struct TutorialCodeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
