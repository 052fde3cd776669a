import AppShell
import EntryStore
import Foundation

/// Dependencies that do nothing, for building the registry where only the kinds' declarations matter
/// (`entries storyboard lint` and `graph`): empty in-memory stores, a flow that ignores every call and
/// a presenter that shows nothing.
@MainActor
enum InertSettingsDependencies {
    static func make(storyboard: StoryboardSource) -> SettingsDependencies {
        SettingsDependencies(
            repository: InMemoryEntryRepository(),
            preferences: PreferencesStore(settings: InMemorySettingsRepository()),
            flow: IgnoringSettingsFlow(), presenter: NoPresenter(), storyboard: storyboard)
    }
}

/// A ``SettingsFlow`` that ignores every call.
@MainActor
final class IgnoringSettingsFlow: SettingsFlow {
    func hideSettings() {}
    func showDetails(for entry: EntrySummary) {}
    func preferencesDidChange(_ preferences: Preferences) {}
    func showError(_ error: any Error) {}
    func quit() {}
}

/// A presenter with no screen: it remembers what it was asked to present, nothing more.
@MainActor
final class NoPresenter: ModalPresenter {
    private(set) var presentedScene: (any Scene)?
    func present(_ scene: any Scene) { presentedScene = scene }
    func dismiss() { presentedScene = nil }
}
