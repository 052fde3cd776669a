import AppShell
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// Entries full of escape sequences, controls, bidi overrides, a huge body and a 100,000-character
/// line, shown by the Entries context (headless) and written by the real renderer: every byte sent to
/// the terminal is the renderer's own vocabulary, the bytes draw exactly the frame, and the list's
/// columns stay aligned, at every size and on every scene.
final class HostileTextRenderingTests: XCTestCase {
    private let budget = ReliabilityBudget()
    private let ledger = ReliabilityLedger()

    /// Key presses that visit every scene: the list (newest first: the plain entry, the huge body,
    /// the 100,000-character line, then the hostile ones), scrolling, details scrolled to the end,
    /// more details, search, the tag filter, help.
    private static let tour: [[String]] = [
        [], ["G"], ["g"], ["j"], ["enter"], ["pgdn"], ["G"], ["m"], ["G"], ["esc"], ["esc"],
        ["j"], ["enter"], ["G"], ["m"], ["esc"], ["esc"], ["G"], ["enter"], ["m"], ["esc"], ["esc"],
        ["k", "k", "enter"], ["G"], ["esc"], ["/"], ["TYPE:end"], ["enter"], ["j", "enter"], ["esc"], ["esc"],
        ["t"], ["j"], ["enter"], ["esc"], ["?"], ["esc"], ["j", "j", "j", "m"], ["esc"],
    ]
    private static let sizes = [
        Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 132, height: 40),
        Size(width: 1, height: 1), Size(width: 9, height: 3),
    ]

    func testEveryFrameOfHostileEntriesIsSafeAndAligned() throws {
        let repository = InMemoryEntryRepository(entries: HostileText.drafts(hugeBodyBytes: budget.hostileBodyBytes))
        var counter = TrialCounter()
        try onMainActor {
            for size in Self.sizes {
                let app = try HeadlessEntriesApp(repository: repository, size: size)
                var renderer = Renderer(colorSupport: .indexed256)
                var audit = TerminalOutputAudit(width: size.width, height: size.height)
                for step in Self.tour {
                    for name in step {
                        if name.hasPrefix("TYPE:") {
                            app.screen.send(String(name.dropFirst(5)))
                        } else {
                            try app.press([name])
                        }
                    }
                    let frame = app.screen.render()
                    audit.apply(renderer.frame(frame))
                    var problems = audit.violations.map { "\(size.width)×\(size.height) after \(step): \($0)" }
                    if audit.lines != frame.lines {
                        problems.append(
                            "\(size.width)×\(size.height) after \(step): the bytes draw\n\(audit.lines)\nnot the frame\n\(frame.lines)"
                        )
                    }
                    if app.controller.navigator.sceneIdentifiers == ["list"] && !app.window.isShowingHelp {
                        problems += Self.misalignedDates(frame.lines, size: size)
                    }
                    counter.record(problems)
                    audit = audit.clearingViolations()
                }
            }
        }
        ledger.record(
            counter.row(
                "hostile entries: frames (headless + renderer)", nothingLost: nil,
                note: "\(Self.sizes.count) sizes, \(budget.hostileBodyBytes / 1_000_000) MB body"))
    }

    /// The check itself: each hostile piece written raw (as a careless renderer would) is caught.
    func testTheAuditCatchesEveryHostilePieceWrittenRaw() {
        for piece in HostileText.pieces where piece.kind != "wide and combining" {
            // A screen clear is in the renderer's vocabulary: it shows as a screen that is not the frame.
            var audit = TerminalOutputAudit(width: 80, height: 24)
            audit.apply(Array(("\u{1B}[1;1HAB" + piece.text).utf8))
            XCTAssertTrue(!audit.violations.isEmpty || !audit.lines[0].hasPrefix("AB"), "\(piece.kind) went unnoticed")
        }
        var audit = TerminalOutputAudit(width: 4, height: 1)
        audit.apply(Array("abcde".utf8))
        XCTAssertEqual(audit.violations.count, 1, "a character past the right edge is caught")
    }

    /// On list rows wide enough for the date column, every "Jan 2024" starts in the same column.
    static func misalignedDates(_ lines: [String], size: Size) -> [String] {
        guard size.width >= 40 else { return [] }
        var columns = Set<Int>()
        for line in lines {
            guard let range = line.range(of: "Jan 2024") else { continue }
            columns.insert(line[..<range.lowerBound].reduce(0) { $0 + TerminalOutputAudit.displayWidth(of: $1) })
        }
        return columns.count > 1
            ? [
                "dates in columns \(columns.sorted()) at \(size.width)×\(size.height):\n"
                    + lines.joined(separator: "\n")
            ] : []
    }
}

extension TerminalOutputAudit {
    /// The same screen, with the violations already reported forgotten.
    func clearingViolations() -> TerminalOutputAudit {
        var copy = self
        copy.forgetViolations()
        return copy
    }
}
