import AppShell
import AppShellTesting
import CalendarContext
import EntryModel
import EntryUI
import Foundation

/// The Calendar as an app runs it: a real `Window` whose root stands for the Entries context, a
/// `CalendarController` on an in-memory repository and a recording flow, the Calendar presented
/// modally, and a headless screen showing it all (or the navigator alone with `presentInWindow: false`).
@MainActor
final class CalendarHarness {
    /// Saturday 21 Nov 2026 12:00 UTC: every test sees the same "today".
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    let flow = RecordingCalendarFlow()
    let window: Window
    let controller: CalendarController
    let screen: HeadlessScreen

    init(
        size: Size, entries: [EntryDraft] = [], preferences: Preferences = .defaults, colorAllowed: Bool = true,
        presentInWindow: Bool = false, repository: (any EntryRepository)? = nil,
        loader: any EntryLoader = ImmediateLoader()
    ) throws {
        let now = Self.now
        window = Window(root: MessageScene(title: "Entries", message: "The Entries context stands here."))
        flow.window = window
        var dependencies = CalendarDependencies(
            repository: repository ?? InMemoryEntryRepository(entries: entries, clock: { now }), flow: flow,
            presenter: window, storyboard: CalendarController.builtInStoryboard(), preferences: preferences,
            colorAllowed: colorAllowed, now: { now }, timeZone: Self.utc)
        dependencies.loader = loader
        controller = try CalendarController(dependencies: dependencies)
        let scene = controller.makeScene()
        if presentInWindow {
            window.present(scene)
            flow.presented = scene
            screen = HeadlessScreen(root: window, size: size)
        } else {
            screen = HeadlessScreen(scene: scene, size: size)
        }
    }

    /// The screen's last line (the Calendar's footer when it fills the screen).
    var footer: String { screen.lines.last ?? "" }

    /// Sends keys named as in storyboards ("left", "enter", "[") one by one.
    func press(_ names: String...) throws {
        for name in names { screen.send(try Key(name: name)) }
    }

    /// `hour`:00 UTC on `day` of November 2026.
    static func november(_ day: Int, hour: Int = 9) -> Date {
        CivilDay(year: 2026, month: 11, day: day).start(in: utc).addingTimeInterval(Double(hour) * 3_600)
    }

    /// Entries on known days of October and November 2026: 1 on the 2nd, 2 on the 3rd, 4 on the
    /// 19th, 1 on the 20th and 21st (a streak of three days up to today), one on 31 October.
    static let knownEntries: [EntryDraft] = {
        var drafts: [EntryDraft] = []
        for (day, count) in [(2, 1), (3, 2), (19, 4), (20, 1), (21, 1)] {
            for index in 0..<count {
                drafts.append(
                    EntryDraft(
                        title: "Nov \(day) #\(index)", tags: index == 0 ? ["daily"] : ["work", "daily"],
                        createdAt: november(day, hour: 8 + index)))
            }
        }
        drafts.append(
            EntryDraft(title: "Halloween", tags: ["party"], createdAt: november(1).addingTimeInterval(-86_400)))
        return drafts
    }()
}

/// A `CalendarFlow` that records the moves; `hideCalendar` dismisses what the harness presented.
@MainActor
final class RecordingCalendarFlow: CalendarFlow {
    weak var window: Window?
    var presented: (any Scene)?
    private(set) var shownDays: [CivilDay] = []
    private(set) var shownEntries: [EntrySummary] = []
    private(set) var shownEntryDays: [CivilDay] = []
    private(set) var hideCount = 0
    private(set) var quitCount = 0
    private(set) var errors: [String] = []

    func hideCalendar() {
        hideCount += 1
        if let presented { window?.dismiss(presented) }
        presented = nil
    }

    func showEntries(on day: CivilDay) {
        shownDays.append(day)
        hideCalendar()
    }

    func showEntry(_ entry: EntrySummary, on day: CivilDay) {
        shownEntries.append(entry)
        shownEntryDays.append(day)
        hideCalendar()
    }

    func quit() { quitCount += 1 }
    func showError(_ error: any Error) { errors.append(String(describing: error)) }
}
