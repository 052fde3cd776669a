import AppShell
import EntryModel
import Foundation

/// The Settings context as the App Factory sees it: it loads and validates Settings.storyboard once,
/// then makes a fresh navigator each time the App Controller presents Settings.
///
/// ```swift
/// let settings = try SettingsController(dependencies: SettingsDependencies(
///     repository: database.entries, preferences: PreferencesStore(settings: database.settings),
///     flow: appController, presenter: window, storyboard: SettingsController.builtInStoryboard()))
/// window.present(settings.makeScene())
/// ```
@MainActor
public final class SettingsController {
    /// The storyboard's name, and the name of its file (`Settings.storyboard`, also in `--storyboards`).
    public static let storyboardName = "Settings"

    private let dependencies: SettingsDependencies
    /// The dependencies and the theme in force: what the storyboard's scenes are built from.
    private let environment: SettingsEnvironment
    /// The validated storyboard with its registry.
    public let runtime: StoryboardRuntime

    /// Loads `dependencies.storyboard` and validates it against the context's scene kinds; throws
    /// `StoryboardLoadError` listing every problem of the file.
    public init(dependencies: SettingsDependencies) throws {
        self.dependencies = dependencies
        let environment = SettingsEnvironment(dependencies)
        self.environment = environment
        self.runtime = try StoryboardRuntime(
            loading: dependencies.storyboard, registry: Self.storyboardRegistry(), environment: environment,
            expectedName: Self.storyboardName)
    }

    /// A new navigator at the storyboard's initial scene, for the App Controller to present modally.
    /// Each call gives fresh scenes, so Settings opens at its start each time it is shown.
    /// (The storyboard was checked when this controller was made, so building its initial scene does
    /// not fail; if it ever did, the scene says why instead of the move failing.)
    public func makeScene() -> any Scene {
        do {
            return try makeNavigator()
        } catch {
            return MessageScene(title: Self.storyboardName, message: String(describing: error))
        }
    }

    /// A new navigator at the scene `identifier` (a reference to it from another context:
    /// `to: Settings.entries`); a scene saying why when there is none of that name.
    public func makeScene(startingAt identifier: String) -> any Scene {
        do {
            return try makeNavigator(startingAt: identifier)
        } catch {
            return MessageScene(title: Self.storyboardName, message: String(describing: error))
        }
    }

    /// Like ``makeScene()``, typed as the navigator (for tests and tools that inspect its stack).
    public func makeNavigator(startingAt identifier: String? = nil) throws -> StoryboardNavigator {
        let flow = dependencies.flow
        return try runtime.makeNavigator(presenter: dependencies.presenter, startingAt: identifier) { message in
            // The flow is the only way to the status line; a plain message travels as a notice.
            flow.showError(SettingsNotice(message))
        }
    }

    /// The theme for the Settings scenes built from now on (the App Controller also hands it to the
    /// scenes shown, through the window).
    public func adopt(_ theme: Theme) {
        environment.theme = theme
    }

    /// The built-in Settings.storyboard, compiled into the binary (`SettingsController+CompiledStoryboard.swift`,
    /// recorded from the file by `make storyboards`): no file to find at start, no YAML to parse. It is
    /// validated against the context's registry whenever it loads, as an override file is.
    public static func builtInStoryboard() -> StoryboardSource {
        .compiled(compiledStoryboard)
    }

    /// The context's scene kinds and flow actions: what a Settings storyboard is checked against (by
    /// the controller, `entries storyboard lint` and `graph`). It holds no dependencies.
    public static func storyboardRegistry() -> StoryboardRegistry {
        SettingsSceneKinds.registry()
    }
}
