import AppShell
import CalendarContext
import EntriesContext
import EntryUI
import SettingsContext
import TrashContext

/// One context as the app knows it before anything is built: the name of its storyboard, the
/// storyboard it ships with, and the registry of scene kinds that checks one. The catalog, the
/// factory and `entries storyboard lint|graph` all work from ``all``, so adding a context to the app
/// is one entry in that list: a `ComposableContext` (``init(_:)``) is then also built by the
/// factory and presented by the App Controller, with no other line for it anywhere.
@MainActor
public struct ContextModule {
    /// The storyboard's name, which is also the context's name (`Entries`, `Settings`, `Calendar`).
    public let name: String
    /// The storyboard the context's module ships as a resource.
    let builtInStoryboard: @MainActor () -> StoryboardSource
    /// The scene kinds the context provides, without their dependencies (enough to check a storyboard).
    let makeRegistry: @MainActor () -> StoryboardRegistry
    /// Builds the context from the services every context gets, for a context that needs nothing
    /// else (`ComposableContext`); nil for the contexts the factory builds with their own dependencies.
    let makeContext: (@MainActor (ContextServices) throws -> any PresentableContext)?

    init(
        name: String, builtInStoryboard: @escaping @MainActor () -> StoryboardSource,
        makeRegistry: @escaping @MainActor () -> StoryboardRegistry
    ) {
        self.name = name
        self.builtInStoryboard = builtInStoryboard
        self.makeRegistry = makeRegistry
        self.makeContext = nil
    }

    /// The descriptor of a context built from `ContextServices` alone: its name, storyboard and
    /// registry come from the type, and the factory builds it with the others.
    public init<Context: ComposableContext>(_ context: Context.Type) {
        name = Context.storyboardName
        builtInStoryboard = { Context.builtInStoryboard() }
        makeRegistry = { Context.storyboardRegistry() }
        makeContext = { services in try Context(services: services) }
    }

    /// Every context of the app, in the order the tools list them.
    public static var all: [ContextModule] { [.entries, .settings, .calendar, ContextModule(TrashController.self)] }

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

    /// The Calendar context (the month calendar, streaks, statistics), presented over Entries.
    public static var calendar: ContextModule {
        ContextModule(
            name: CalendarController.storyboardName, builtInStoryboard: CalendarController.builtInStoryboard,
            makeRegistry: CalendarController.storyboardRegistry)
    }
}
