import AppShell
import EntryUI
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

    init(
        journals: [NamedJournal], current: String?, survey surveyor: JournalSurvey, theme: Theme,
        pick: @escaping (NamedJournal) -> Void, close: @escaping () -> Void
    ) {
        self.journals = journals
        self.current = current
        selected = journals.firstIndex { $0.name == current } ?? 0
        self.theme = theme
        self.pick = pick
        self.close = close
        let mailbox = survey
        Thread.detachNewThread { mailbox.deliver(surveyor.reports(for: journals)) }
    }

    /// What a key does in the list.
    enum Action: Equatable {
        case up, down, pick, close
    }

    /// The list's keys, declared as data: ``handle(_:)`` looks a key up here, and ``keyHelp`` shows
    /// the keys that carry a summary. `q` closes the list (it does not quit the app from here), as do
    /// Esc, Backspace and `o`, the key that opened it.
    static let keys: [(key: Key, action: Action, summary: String?)] = [
        (.up, .up, nil), (.character("k"), .up, nil),
        (.down, .down, nil), (.character("j"), .down, nil),
        (.enter, .pick, "switch"),
        (.escape, .close, "close"), (.character("q"), .close, "close"), (.backspace, .close, nil),
        (.character("o"), .close, nil),
    ]

    var keyHelp: [KeyHelp] {
        var help: [KeyHelp] = []
        for (key, _, summary) in Self.keys {
            guard let summary else { continue }
            if let last = help.last, last.summary == summary {
                help[help.count - 1] = KeyHelp(key: last.key + "/" + key.name, summary: summary)
            } else {
                help.append(KeyHelp(key: key.name, summary: summary))
            }
        }
        return help
    }

    func tick() {
        if reports == nil, let delivered = survey.take() { reports = delivered }
    }

    func handle(_ key: Key) -> Bool {
        guard let action = Self.keys.first(where: { $0.key == key })?.action else { return false }
        switch action {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(journals.count - 1, selected + 1)
        case .pick: if journals.indices.contains(selected) { pick(journals[selected]) }
        case .close: close()
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
            buffer.put(
                line: "No journals: name them under journals: in the config file", at: Point(x: area.x, y: area.y),
                width: area.width)
            return
        }
        // The selected row stays in view on a short screen.
        let first = max(0, min(selected - area.height + 1, journals.count - area.height))
        for (line, index) in (first..<journals.count).prefix(area.height).enumerated() {
            buffer.put(
                line: row(index), at: Point(x: area.x, y: area.y + line), width: area.width,
                style: index == selected ? theme.selection : .plain)
        }
    }

    /// `* work      sqlite      12  /home/me/work.sqlite`
    private func row(_ index: Int) -> String {
        let journal = journals[index]
        let nameWidth = journals.map(\.name.count).max() ?? 0
        let marker = journal.name == current ? "* " : "  "
        let report = reports?[index]
        let kind =
            report.map { $0.status == .encrypted ? "encrypted" : $0.kind.rawValue }
            ?? JournalSurvey.kind(of: journal.location).rawValue
        // The count column is as wide as its widest text ("1000000 entries" ran into the location).
        let countWidth = journals.indices.map { countText($0).count }.max() ?? 0
        return marker + journal.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
            + kind.padding(toLength: 12, withPad: " ", startingAt: 0)
            + countText(index).padding(toLength: countWidth + 2, withPad: " ", startingAt: 0) + journal.location
    }

    /// The journal's entry count, or why there is none, as its row shows it.
    private func countText(_ index: Int) -> String {
        switch reports?[index].status {
        case nil: return "…"
        // Grouped as the list's footer counts are ("2,999 entries").
        case .available(let entries, _)?: return EntryText.plural(entries, "entry", "entries")
        case .missing?: return "no file yet"
        case .encrypted?: return "locked"
        case .unreachable?: return "unreachable"
        case .unreadable?: return "unreadable"
        case .busy?: return "busy"
        }
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
