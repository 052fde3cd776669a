import AppShell
import EntriesContext
import JournalContext
import SettingsContext

/// One context as the app knows it before anything is built: the name of its storyboard, the
/// storyboard it ships with, and the registry of scene kinds that checks one. The catalog, the
/// factory and `entries storyboard lint|graph` all work from ``all``, so adding a context to the app
/// is one descriptor here and one entry in that list (then its controller in the factory and its
/// moves in the App Controller).
@MainActor
public struct ContextModule {
    /// The storyboard's name, which is also the context's name (`Entries`, `Settings`, `Journal`).
    public let name: String
    /// The storyboard the context's module ships as a resource.
    let builtInStoryboard: @MainActor () -> StoryboardSource
    /// The scene kinds the context provides, without their dependencies (enough to check a storyboard).
    let makeRegistry: @MainActor () -> StoryboardRegistry

    /// Every context of the app, in the order the tools list them.
    public static var all: [ContextModule] { [.entries, .settings, .journal] }

    /// The Entries context: the list, details and search; the window's content.
    public static var entries: ContextModule {
        ContextModule(
            name: EntriesController.storyboardName, builtInStoryboard: EntriesController.builtInStoryboard,
            makeRegistry: EntriesController.storyboardRegistry)
    }

    /// The Settings context, presented over Entries.
    public static var settings: ContextModule {
        ContextModule(
            name: SettingsController.storyboardName, builtInStoryboard: SettingsController.builtInStoryboard,
            makeRegistry: SettingsController.storyboardRegistry)
    }

    /// The Journal context (calendar, streaks, statistics), presented over Entries.
    public static var journal: ContextModule {
        ContextModule(
            name: JournalController.storyboardName, builtInStoryboard: JournalController.builtInStoryboard,
            makeRegistry: JournalController.storyboardRegistry)
    }
}
