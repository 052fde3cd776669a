import AppShell
import Foundation

/// The list of journals the App Controller presents to switch to: each journal's name, kind, entry
/// count and location, the open one marked `*`. The counts come from a ``JournalSurvey`` on a thread
/// of its own and show on a later tick: the list is there at once, and a server that does not answer
/// delays nothing.
@MainActor
final class JournalPickerScene: Scene, TickingScene, SizedModalScene {
    let title = "Journals"
    private let journals: [NamedJournal]
    private let current: String?
    private var selected: Int
    private let survey = SurveyMailbox()
    private var reports: [JournalReport]?
    private let pick: (NamedJournal) -> Void
    private let close: () -> Void
    private let theme: Theme

    init(journals: [NamedJournal], current: String?, survey surveyor: JournalSurvey, theme: Theme,
         pick: @escaping (NamedJournal) -> Void, close: @escaping () -> Void) {
        self.journals = journals
        self.current = current
        selected = journals.firstIndex { $0.name == current } ?? 0
        self.theme = theme
        self.pick = pick
        self.close = close
        let mailbox = survey
        Thread.detachNewThread { mailbox.deliver(surveyor.reports(for: journals)) }
    }

    var keyHelp: [KeyHelp] { [KeyHelp(key: "enter", summary: "switch"), KeyHelp(key: "esc", summary: "close")] }

    func tick() {
        if reports == nil, let delivered = survey.take() { reports = delivered }
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): selected = max(0, selected - 1)
        case .down, .character("j"): selected = min(journals.count - 1, selected + 1)
        case .enter: if journals.indices.contains(selected) { pick(journals[selected]) }
        case .escape, .backspace, .character("o"): close()
        default: return false
        }
        return true
    }

    func preferredContentSize(fitting available: Size) -> Size {
        let widest = journals.indices.map { row($0).count }.max() ?? 20
        return Size(width: min(available.width, max(widest, 30)), height: min(available.height, max(1, journals.count)))
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        if journals.isEmpty {
            buffer.put(line: "No journals: name them under journals: in the config file", at: Point(x: area.x, y: area.y), width: area.width)
            return
        }
        // The selected row stays in view on a short screen.
        let first = max(0, min(selected - area.height + 1, journals.count - area.height))
        for (line, index) in (first..<journals.count).prefix(area.height).enumerated() {
            buffer.put(line: row(index), at: Point(x: area.x, y: area.y + line), width: area.width,
                       style: index == selected ? theme.selection : .plain)
        }
    }

    /// `* work      sqlite      12  /home/me/work.sqlite`
    private func row(_ index: Int) -> String {
        let journal = journals[index]
        let nameWidth = journals.map(\.name.count).max() ?? 0
        let marker = journal.name == current ? "* " : "  "
        let report = reports?[index]
        let kind = report.map { $0.status == .encrypted ? "encrypted" : $0.kind.rawValue } ?? JournalSurvey.kind(of: journal.location).rawValue
        let count: String
        switch report?.status {
        case nil: count = "…"
        case .available(let entries, _)?: count = entries == 1 ? "1 entry" : "\(entries) entries"
        case .missing?: count = "no file yet"
        case .encrypted?: count = "locked"
        case .unreachable?: count = "unreachable"
        case .unreadable?: count = "unreadable"
        }
        return marker + journal.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
            + kind.padding(toLength: 12, withPad: " ", startingAt: 0)
            + count.padding(toLength: 14, withPad: " ", startingAt: 0) + journal.location
    }
}

/// Where the survey's thread leaves its reports for the scene's next tick.
private final class SurveyMailbox: @unchecked Sendable {
    // @unchecked: `reports` is only touched under `lock`.
    private let lock = NSLock()
    private var reports: [JournalReport]?

    func deliver(_ reports: [JournalReport]) { lock.withLock { self.reports = reports } }
    func take() -> [JournalReport]? { lock.withLock { reports } }
}
