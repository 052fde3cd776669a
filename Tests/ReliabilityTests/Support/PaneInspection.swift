import AppShell
import Foundation

/// What a tmux pane must still look like while the app shows hostile content: the title it had
/// before, no clipboard write, the app's frame in place (its header on the first row, its status bar
/// on the last), no row wider than the pane, and the list's dates in one column.
struct PaneInspection {
    let tmux: TmuxServer
    let session: String
    let width: Int
    let height: Int
    /// The pane title before the app started (tmux's default: the host name).
    let originalTitle: String

    /// Problems with the pane now; `header` is what the first row must start with.
    func problems(header: String, checkDates: Bool) throws -> [String] {
        var problems: [String] = []
        let title = try tmux.display(session, "#{pane_title}")
        if title != originalTitle { problems.append("the pane title changed to \(title.debugDescription)") }
        let buffers = try tmux.buffers()
        if !buffers.isEmpty { problems.append("something was copied to the clipboard: \(buffers)") }
        if try tmux.display(session, "#{alternate_on}") != "1" { problems.append("the app left the alternate screen") }
        let lines = try tmux.screen(session)
        if !(lines.first ?? "").hasPrefix(header) {
            problems.append("the first row is \((lines.first ?? "").debugDescription), not the \(header) header")
        }
        if lines.count != height || (lines.last ?? "").isEmpty {
            problems.append("the status bar is not on the last row (\(lines.count) rows)")
        }
        for (row, line) in lines.enumerated() {
            let columns = line.reduce(0) { $0 + TerminalOutputAudit.displayWidth(of: $1) }
            if columns > width { problems.append("row \(row) is \(columns) columns wide in a \(width)-column pane") }
        }
        if checkDates {
            problems += HostileTextRenderingTests.misalignedDates(lines, size: .init(width: width, height: height))
        }
        if !problems.isEmpty { problems.append("screen:\n" + lines.joined(separator: "\n")) }
        return problems
    }
}
