import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import Foundation

/// The Entries context in a real `Window` on a headless screen, with recording fakes around it: the
/// way every test of this target drives the context (through keys, as a user would).
@MainActor
final class EntriesHarness {
    let repository: CountingRepository
    let flow = RecordingFlow()
    let suspender = FakeSuspender()
    let editor = FakeEditor()
    let window: Window
    /// The context's presenter (navigators hold it weakly): the window, recording contexts asked for.
    let presenter: RecordingPresenter
    let controller: EntriesController
    let screen: HeadlessScreen

    /// - Parameters:
    ///   - entries: drafts for a fresh in-memory repository (ignored when `repository` is given).
    ///   - repository: the repository to wrap instead (an SQLite one, say).
    ///   - failing: repository calls that throw from the start.
    init(
        entries: [EntryDraft] = [], repository: (any EntryRepository)? = nil, preferences: Preferences = .defaults,
        size: Size = Size(width: 60, height: 10), storyboard: StoryboardSource = EntriesController.builtInStoryboard(),
        failing: Set<CountingRepository.Call> = [], loader: any EntryLoader = ImmediateLoader(),
        newEntryTemplate: NewEntryTemplate = NewEntryTemplate(), preview: EntryPreviewLayout? = nil,
        listRowLayout: Layout? = nil, detailsLayout: Layout? = nil, previewLayout: Layout? = nil,
        moreDetailsLayout: Layout? = nil
    ) throws {
        self.repository = CountingRepository(
            repository ?? InMemoryEntryRepository(entries: entries, clock: { Samples.now }))
        self.repository.fail(failing)
        window = Window(root: BlankScene())
        presenter = RecordingPresenter(window: window)
        var dependencies = EntriesDependencies(
            repository: self.repository, flow: flow, presenter: presenter, suspender: suspender,
            preferences: preferences, storyboard: storyboard, editor: editor,
            now: { Samples.now }, timeZone: Samples.utc)
        dependencies.loader = loader
        dependencies.newEntryTemplate = newEntryTemplate
        if let preview { dependencies.preview = preview }
        if let listRowLayout { dependencies.listRowLayout = listRowLayout }
        if let detailsLayout { dependencies.detailsLayout = detailsLayout }
        if let previewLayout { dependencies.previewLayout = previewLayout }
        if let moreDetailsLayout { dependencies.moreDetailsLayout = moreDetailsLayout }
        controller = try EntriesController(dependencies: dependencies)
        window.replaceRoot(with: controller.rootScene)
        screen = HeadlessScreen(root: window, size: size)
    }

    var lines: [String] { screen.lines }

    /// Sends keys (named as in storyboards: "j", "enter", "esc", "pgdn"...) one by one.
    @discardableResult
    func press(_ names: String...) throws -> [String] {
        for name in names {
            screen.send(try Key(name: name))
        }
        return screen.lines
    }

    /// Types text into whatever has the keys.
    @discardableResult
    func type(_ text: String) -> [String] {
        screen.send(text)
    }

    /// The storyboard identifiers of the stacked scenes, root first.
    var sceneIdentifiers: [String] { controller.navigator.sceneIdentifiers }

    /// The content rows of the window (without header and status bar).
    var contentLines: [String] { Array(lines.dropFirst().dropLast()) }
}

/// The window's root until the controller exists (the window must exist first: it is the presenter).
@MainActor
private final class BlankScene: Scene {
    let title = ""
    func render(into buffer: inout Buffer, area: Rect) {}
    func handle(_ key: Key) -> Bool { false }
}

/// Dates and entries the tests share (fixed, so screens can be written out literally).
enum Samples {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    /// 1 January 2026, 00:00 UTC, plus `day` days and `hour` hours.
    static func date(day: Int, hour: Int = 0) -> Date {
        Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400 + Double(hour) * 3_600)
    }
    /// The clock of every test: 1 April 2026.
    static let now = date(day: 90)

    /// An entry created on `day` (and updated then, unless `updatedDay` says otherwise).
    static func draft(
        _ title: String, day: Int, updatedDay: Int? = nil, tags: [String] = [], body: String = "", more: String = ""
    ) -> EntryDraft {
        EntryDraft(
            title: title, body: body, moreDetails: more, tags: tags, createdAt: date(day: day),
            updatedAt: date(day: updatedDay ?? day))
    }

    /// Three entries whose orders all differ: newest, oldest, title and updated.
    static let threeEntries = [
        draft("Banana bread", day: 2, updatedDay: 40, tags: ["food"]),
        draft("apple pie", day: 10, updatedDay: 11, tags: ["food", "sweet"]),
        draft("Carrot notes", day: 5, updatedDay: 60, tags: ["garden"]),
    ]
}
