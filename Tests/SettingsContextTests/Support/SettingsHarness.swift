import AppShell
import AppShellTesting
import EntryModel
import Foundation
import SettingsContext

/// The Settings context as the app runs it: a real `Window` whose root stands for the Entries
/// context, a `SettingsController` on in-memory stores (unless given others) and a recording flow,
/// Settings presented modally, and a headless screen showing it all (or the navigator alone on the
/// screen with `presentInWindow: false`).
@MainActor
final class SettingsHarness {
    /// 21 Nov 2026 12:00 UTC: every test reads the same dates.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    let flow = RecordingSettingsFlow()
    let window: Window
    let controller: SettingsController
    let repository: any EntryRepository
    let settings: any SettingsRepository
    let screen: HeadlessScreen
    /// The navigator presented when the harness was made.
    let navigator: StoryboardNavigator

    init(
        size: Size, entries: [EntryDraft] = [], repository: (any EntryRepository)? = nil,
        settings: any SettingsRepository = InMemorySettingsRepository(),
        storyboard: StoryboardSource = SettingsController.builtInStoryboard(), presentInWindow: Bool = true,
        theme: Theme = .default, entryListLayout: Layout? = nil
    ) throws {
        let now = Self.now
        self.repository = repository ?? InMemoryEntryRepository(entries: entries, clock: { now })
        self.settings = settings
        window = Window(root: EntriesStandIn())
        flow.window = window
        var dependencies = SettingsDependencies(
            repository: self.repository, preferences: PreferencesStore(settings: settings), flow: flow,
            presenter: window, storyboard: storyboard, now: { now }, timeZone: Self.utc, theme: theme)
        if let entryListLayout { dependencies.entryListLayout = entryListLayout }
        controller = try SettingsController(dependencies: dependencies)
        navigator = try controller.makeNavigator()
        if presentInWindow {
            window.present(navigator)
            screen = HeadlessScreen(root: window, size: size)
        } else {
            // The scenes alone on the whole screen, without the window's box, header and status bar.
            screen = HeadlessScreen(scene: navigator, size: size)
        }
    }

    /// True while Settings is on screen.
    var isShowingSettings: Bool { window.presentedScene != nil }

    /// The stored preferences.
    func storedPreferences() throws -> Preferences {
        try PreferencesStore(settings: settings).load()
    }

    /// Drafts created one day apart, newest first: the first one day before `now`, the next two days...
    static func drafts(_ titles: [String], tags: [[String]] = []) -> [EntryDraft] {
        titles.enumerated().map { index, title in
            let created = now.addingTimeInterval(-Double(index + 1) * 86_400)
            return EntryDraft(
                title: title, tags: index < tags.count ? tags[index] : [], createdAt: created, updatedAt: created)
        }
    }
}

/// Stands for the Entries context under the modal: a title and one line of text.
@MainActor
final class EntriesStandIn: Scene {
    let title = "Entries"

    func render(into buffer: inout Buffer, area: Rect) {
        buffer.put("the entries list", at: Point(x: area.x, y: area.y), maxWidth: area.width, clip: area)
    }

    func handle(_ key: Key) -> Bool { false }
}
