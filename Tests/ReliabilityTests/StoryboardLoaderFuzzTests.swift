import AppShellTesting
import AppShell
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// The storyboard loader on mutated storyboards, for a fixed time: it never traps; a refused file
/// throws `StoryboardLoadError` whose diagnostics point inside the file; a file it accepts runs — the
/// Entries context is built from it and driven with random keys — without trapping, and never puts a
/// control character on the screen.
final class StoryboardLoaderFuzzTests: XCTestCase {
    private let budget = ReliabilityBudget()
    private let ledger = ReliabilityLedger()

    private static let demo = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: showDetail, "/": search, q: quit}}
          detail: {kind: ItemDetail, title: Detail, keys: {m: showMore}}
          more: {kind: ItemMore, title: More}
        segues:
          showDetail: {from: list, to: detail, kind: push}
          showMore: {from: detail, to: more, kind: push}
        """
    private static let keys = [
        "j", "k", "enter", "m", "esc", "backspace", "/", "x", "t", "g", "G", "pgdn", "?", "s", "q", "tab", "left",
    ]

    func testMutatedStoryboardsLoadOrFailCleanlyAndRunSafely() throws {
        let shipped = try ShippedStoryboard.entriesText()
        var random = SeededGenerator(seed: budget.seed ^ 0x5707_B0A2)
        let mutator = InputMutator(samples: [Array(shipped.utf8), Array(Self.demo.utf8)])
        let repository = InMemoryEntryRepository(entries: [
            EntryDraft(title: "First", body: "Body", tags: ["a"]),
            EntryDraft(title: "Second", body: "More\nlines", tags: []),
        ])
        var counter = TrialCounter()
        var ran = 0
        let duration = budget.fuzzDuration
        try onMainActor {
            let registry = EntriesController.storyboardRegistry()
            try untilDeadline(duration) {
                let bytes = mutator.mutated(using: &random)
                var problems: [String] = []
                let lineCount = Self.yamlLineCount(bytes)
                let source = StoryboardSource.text(
                    String(decoding: bytes, as: UTF8.self), fileName: "Entries.storyboard")
                let result = StoryboardLoader(registry: registry, expectedName: "Entries").diagnose(source)
                for diagnostic in result.diagnostics {
                    if diagnostic.message.isEmpty { problems.append("a diagnostic without a message") }
                    if diagnostic.line < 0 || diagnostic.line > lineCount + 1 {
                        problems.append("a diagnostic at line \(diagnostic.line) of \(lineCount): \(diagnostic)")
                    }
                }
                do {
                    _ = try StoryboardLoader(registry: registry, expectedName: "Entries").load(source)
                    if !result.isUsable { problems.append("load accepted what diagnose refused") }
                } catch is StoryboardLoadError {
                    if result.isUsable { problems.append("load refused what diagnose accepted") }
                } catch {
                    problems.append("load threw \(type(of: error)), not StoryboardLoadError: \(error)")
                }
                if result.isUsable {
                    ran += 1
                    problems += try Self.run(source, repository: repository, using: &random)
                }
                if !problems.isEmpty {
                    problems.append("storyboard: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
                counter.record(problems)
            }
        }
        ledger.record(
            counter.row("fuzz: storyboard loader (+ running it)", nothingLost: nil, note: "\(ran) loaded and ran"))
    }

    /// Lines as YAML counts them: CR LF, a lone CR and LF each end a line (YAML 1.2, "b-break").
    private static func yamlLineCount(_ bytes: [UInt8]) -> Int {
        var lines = 1
        for (index, byte) in bytes.enumerated()
        where byte == 0x0A || (byte == 0x0D && bytes.dropFirst(index + 1).first != 0x0A) {
            lines += 1
        }
        return lines
    }

    /// Builds the Entries context from an accepted storyboard and presses random keys.
    @MainActor
    private static func run(
        _ source: StoryboardSource, repository: any EntryRepository, using random: inout SeededGenerator
    ) throws -> [String] {
        let app: HeadlessEntriesApp
        do {
            app = try HeadlessEntriesApp(repository: repository, size: Size(width: 40, height: 10), storyboard: source)
        } catch {
            // Refusing at build time is fine as long as it is an error, not a trap.
            return []
        }
        var problems: [String] = []
        for _ in 0..<30 {
            try app.press([Self.keys.randomElement(using: &random) ?? "j"])
            if app.screen.isFinished { break }
            if let cell = app.screen.buffer.cells.first(where: {
                $0.text.unicodeScalars.contains(where: TextSanitizer.isUnsafe)
            }) {
                problems.append("a control character reached the screen: \(cell.text.debugDescription)")
                break
            }
        }
        return problems
    }
}
