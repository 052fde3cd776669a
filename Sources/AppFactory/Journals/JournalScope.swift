import CalendarContext
import EntriesContext
import EntryModel
import EntryUI
import SettingsContext

/// What lives as long as one open journal: its store (and change feed), its preferences, and the
/// three contexts built on them, with their scenes, lists and undo history. The window, the theme,
/// the config and the App Controller outlive it: switching journals swaps the scope under them
/// (`AppController/switchJournal(to:)`) and closes the old one.
@MainActor
public final class JournalScope {
    /// The journal's name in the config (`work`), or nil for a journal opened by path alone.
    public let name: String?
    /// The journal's opened store, which its repositories, preferences and change feed come from; closed with the
    /// scope.
    public let store: StoreFactory
    /// The journal's preferences with the config's over them, as loaded when the scope was made.
    public let preferences: Preferences
    /// The Entries context's controller for this journal: its list, details and editing scenes.
    public let entries: EntriesController
    /// The Settings context's controller, which makes the Settings scenes over this journal's preferences.
    public let settings: SettingsController
    /// The Calendar context's controller, which makes the calendar of this journal's entries.
    public let calendar: CalendarController
    /// Settings, the Calendar and the contexts built from the common services (the Trash), presented
    /// over Entries by name.
    let contexts: PresentedContexts
    /// Makes the scope of another journal, the way this one was made.
    let maker: JournalScopeMaker
    /// The store's data version before its contexts first read it: the live view's starting point,
    /// so that a change committed between the switch and the next idle tick is not missed.
    let dataVersionAtOpen: Int?

    init(
        name: String?, store: StoreFactory, preferences: Preferences, entries: EntriesController,
        settings: SettingsController, calendar: CalendarController,
        composed: [(name: String, context: any PresentableContext)] = [], maker: JournalScopeMaker,
        dataVersionAtOpen: Int?
    ) {
        self.name = name
        self.store = store
        self.preferences = preferences
        self.entries = entries
        self.settings = settings
        self.calendar = calendar
        contexts = PresentedContexts(
            [
                (SettingsController.storyboardName, settings), (CalendarController.storyboardName, calendar),
            ] + composed)
        self.maker = maker
        self.dataVersionAtOpen = dataVersionAtOpen
    }

    /// Closes the store: its files (an SQLite journal's connections) or its server connection and
    /// change feed. The scope is not used after.
    func close() {
        store.close()
    }
}
