import AppShell
import EntryModel

extension SegueValueType where Value == EntrySummary {
    /// The entry a Settings scene holds (the list's selection), for segues to Settings scenes that
    /// show one. Same name and type as the Entries context's, so the two contexts speak alike.
    static let entry = SegueValueType("entry")
}

/// What the Settings context registers for its storyboard: how to build each kind of scene (with the
/// context's dependencies passed to the scene's initializer) and the flow action `done`. Which scenes
/// exist, their titles, how they connect and which keys trigger what are in Settings.storyboard.
@MainActor
enum SettingsSceneKinds {
    /// The kind of the preferences scene; its actions cycle the chosen preference's value.
    static let preferences = "Preferences"
    /// The kind of the entry list; its action shows the chosen entry in the Entries context.
    static let entryList = "SettingsEntryList"

    /// The registry: every kind is built from the context's dependencies (the runtime's environment),
    /// so the registry holds none and checks storyboards without an app.
    static func registry() -> StoryboardRegistry {
        var registry = StoryboardRegistry()
        registry.register(
            SceneKind(preferences, in: SettingsEnvironment.self) { context, environment in
                PreferencesScene(
                    title: context.title, store: environment.dependencies.preferences,
                    flow: environment.dependencies.flow,
                    dates: environment.dates, theme: environment.theme)
            }
            .action("next", summary: "Next value") { $0.cycleSelected(by: 1) }
            .action("previous", summary: "Previous value") { $0.cycleSelected(by: -1) }
        )
        registry.register(
            SceneKind(entryList, in: SettingsEnvironment.self) { context, environment in
                let dependencies = environment.dependencies
                return SettingsEntryListScene(
                    title: context.title, repository: dependencies.repository, preferences: dependencies.preferences,
                    flow: dependencies.flow, dates: environment.dates, theme: environment.theme,
                    loader: dependencies.loader, layout: dependencies.entryListLayout)
            }
            .offering(.entry) { $0.selectedEntry }
            .action("showDetails", summary: "Show in Entries") { $0.showSelectedEntry() }
        )
        registry.registerFlowAction("done", summary: "Close Settings", in: SettingsEnvironment.self) {
            $0.dependencies.flow.hideSettings()
        }
        registry.registerFlowAction("quit", summary: "quit", in: SettingsEnvironment.self) {
            $0.dependencies.flow.quit()
        }
        return registry
    }
}

extension SettingsDependencies {
    /// How the scenes show dates, from the clock and the time zone.
    var dates: DateDisplay { DateDisplay(now: now, timeZone: timeZone) }
}
