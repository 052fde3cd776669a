import Foundation
import XCTest

/// Rows holding 👍🏽 and 🇫🇷, which terminals draw at other widths than the app counts (tmux 3.3a draws
/// 👍🏽 as 4 columns), move under the real app in tmux — scrolled, paged, covered by a modal and the
/// help overlay, opened — and after every step the pane shows what the app meant to draw (its
/// `--frame-log`), at 120×40, 80×24 and 40×12.
final class TerminalWidthDisagreementTests: ReliabilityTestCase {
    /// tmux key presses; Escape goes alone (Esc and the next key in one write read as Alt and that key).
    private static let tour: [[String]] = [
        [], ["j", "j", "j"], ["PageDown"], ["m"], ["Escape"], ["j", "j"], ["k"], ["?"], ["Escape"], ["G"],
        ["PageUp"], ["m"], ["Escape"], ["g"], ["j", "j", "Enter"], ["Escape"], ["k", "k"], ["C-l"], ["End"], ["Home"],
    ]
    static let sizes: [(width: Int, height: Int)] = [(120, 40), (80, 24), (40, 12)]

    private var tmux: TmuxServer?

    override func tearDownWithError() throws {
        tmux = nil
        try super.tearDownWithError()
    }

    func testRowsWithDisputedWidthsLeaveNoGarbageWhenTheyMove() throws {
        var counter = TrialCounter()
        for size in Self.sizes {
            for step in try tour(size: size, extraArguments: [], settle: 3) { counter.record(step) }
        }
        ledger.record(
            counter.row(
                "terminal: skin-tone emoji and flags in moving rows (tmux)", nothingLost: nil,
                note: "one trial per step and size"))
    }

    /// The check itself: the renderer without its guard leaves fragments the comparison sees.
    func testTheCheckCatchesGarbageFromARendererWithoutTheGuard() throws {
        let steps = try tour(size: (80, 24), extraArguments: ["--without-width-guard"], settle: 1, stopAtFirst: true)
        XCTAssertTrue(steps.contains { !$0.isEmpty }, "the unguarded renderer must leave garbage in tmux 3.3a")
    }

    /// Runs the tour in a pane of `size`; returns each step's problems (none when the pane matched the
    /// frame within `settle` seconds).
    private func tour(
        size: (width: Int, height: Int), extraArguments: [String], settle: TimeInterval,
        stopAtFirst: Bool = false
    ) throws -> [[String]] {
        let server = try TmuxServer(folder: directory, environment: entries.environment)
        tmux = server
        let session = "w\(size.width)"
        let frameLog = path("frame-\(size.width)x\(size.height)-\(UUID().uuidString.prefix(6))")
        let command =
            [try ShellDemo.locate(next: entries.executable).path, "--emoji-titles", "--frame-log", frameLog]
            + extraArguments
        var environment = entries.environment
        environment["TERM"] = nil
        try server.newSession(
            session, width: size.width, height: size.height, command: command, sessionEnvironment: environment)
        defer { _ = try? server.run(["kill-server"]) }
        var steps: [[String]] = []
        var keysSent = 0
        for keys in Self.tour {
            if !keys.isEmpty { try server.press(session, keys) }
            keysSent += keys.count
            // The frame drawn after every key sent so far, and the pane showing it.
            var last = (pane: [String](), frame: [String]())
            let matched = try server.waitForScreen(session, timeout: settle, every: 0.05) { pane in
                let log = Self.frameLines(frameLog)
                guard log.first == "keys \(keysSent)" else { return false }
                last = (pane, Array(log.dropFirst()))
                return Self.normalized(pane) == Self.normalized(last.frame)
            }
            guard matched == nil else {
                steps.append([])
                continue
            }
            steps.append([
                "after \(keys) at \(size.width)×\(size.height), the pane differs from the frame:\n"
                    + Self.sideBySide(pane: last.pane, frame: last.frame)
            ])
            if stopAtFirst { break }
        }
        return steps
    }

    private static func frameLines(_ path: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
    }

    /// Rows without trailing spaces or trailing empty rows, and without skin-tone modifiers: the one
    /// thing a terminal that draws 👍🏽 as two glyphs may lose (the app writes the cell after it, over
    /// the modifier's extra columns). Everything else must be where the app put it.
    static func normalized(_ lines: [String]) -> [String] {
        var rows = lines.map { line -> String in
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: line.unicodeScalars.filter { !(0x1F3FB...0x1F3FF).contains($0.value) })
            var row = String(scalars)
            while row.last == " " { row.removeLast() }
            return row
        }
        while rows.last == "" { rows.removeLast() }
        return rows
    }

    private static func sideBySide(pane: [String], frame: [String]) -> String {
        let pane = normalized(pane), frame = normalized(frame)
        return (0..<max(pane.count, frame.count)).map { row in
            let shown = row < pane.count ? pane[row] : "", meant = row < frame.count ? frame[row] : ""
            return (shown == meant ? "   " : "✗  ")
                + "pane  \(shown.debugDescription)\n   frame \(meant.debugDescription)"
        }.joined(separator: "\n")
    }
}
