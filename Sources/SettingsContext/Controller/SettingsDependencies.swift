import AppShell
import EntryModel
import EntryUI
import Foundation

/// Everything the Settings context needs from the app, handed to ``SettingsController`` once by the
/// App Factory. The scenes get what they need from here through their initializers.
public struct SettingsDependencies {
    /// Where the entries listed by the "Open an entry" scene come from.
    public var repository: any EntryRepository
    /// Where the preferences are read and saved.
    public var preferences: PreferencesStore
    /// The moves that leave the context (the App Controller).
    public var flow: any SettingsFlow
    /// Presents scenes modally (the Window); used by `present` segues of the storyboard.
    public var presenter: any ModalPresenter
    /// The Settings storyboard: the built-in one (``SettingsController/builtInStoryboard()``) or an
    /// override given with `--storyboards`.
    public var storyboard: StoryboardSource
    /// The clock for the live examples of the date formats and for relative dates.
    public var now: @Sendable () -> Date = Date.init
    /// The time zone dates are shown in (injectable so that tests read the same screen anywhere).
    public var timeZone: TimeZone
    /// The styles of the lists (selection, dim text); the window's theme, so both look alike.
    public var theme: Theme = .default
    /// Where the entry list's pages and count are read: off the main thread in the app
    /// (`BackgroundLoader`); at once by default, so a headless screen is complete after every key.
    public var loader: any EntryLoader = ImmediateLoader()
    /// What a row of the entry list shows: a layout of the kind ``SettingsEntryListLayout/kind``
    /// (`SettingsEntryList.layout`), by default the shipped one, which looks like the Entries list.
    public var entryListLayout: Layout = SettingsEntryListLayout.builtIn

    /// The dependencies, with the system clock and time zone and the default theme unless given.
    public init(
        repository: any EntryRepository, preferences: PreferencesStore, flow: any SettingsFlow,
        presenter: any ModalPresenter, storyboard: StoryboardSource,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, theme: Theme = .default
    ) {
        self.repository = repository
        self.preferences = preferences
        self.flow = flow
        self.presenter = presenter
        self.storyboard = storyboard
        self.now = now
        self.timeZone = timeZone
        self.theme = theme
    }
}
