import AppShell
import EntryModel
import Foundation

/// What a context's scenes read as they draw and a host changes while the app runs: the theme and
/// the preferences in force. A context's shared environment adopts it, so that ``ContextSceneMaker``
/// can restyle and reconfigure any context the same way.
@MainActor
public protocol ContextAppearance: AnyObject {
    /// The styles of the context's scenes, read at every frame.
    var theme: Theme { get set }
    /// The preferences in force (date style, first day of the week, colour...).
    var preferences: Preferences { get set }
}

/// The part every storyboard-driven context's controller shares: it loads and checks the context's
/// storyboard once (against the context's registry and environment), makes a fresh navigator each
/// time the host presents the context (a scene saying why when it cannot), and hands a new theme or
/// preferences to the context's environment. A context's controller keeps one and adopts
/// ``SceneMakingContext``, which then gives it ``PresentableContext``'s methods.
@MainActor
public final class ContextSceneMaker {
    /// The context's name: its storyboard's name, and the title of a scene that cannot be made.
    public let name: String
    /// The validated storyboard with its registry.
    public let runtime: StoryboardRuntime
    private let appearance: any ContextAppearance
    private let presenter: any ModalPresenter
    private let reportProblem: @MainActor (String) -> Void

    /// Loads `storyboard` and checks it against `registry` and `environment` (the object the scene
    /// kinds are built with, which also holds the theme and preferences); throws
    /// `StoryboardLoadError` listing every problem of the file, or naming a storyboard whose `name:`
    /// is not `name`.
    ///
    /// - Parameters:
    ///   - name: the context's name, which the storyboard's `name:` must be.
    ///   - storyboard: the context's storyboard: its built-in one, or the person's override.
    ///   - registry: the context's scene kinds and flow actions, which the storyboard is checked against.
    ///   - environment: what the scene kinds are built with; it holds the theme and the preferences.
    ///   - presenter: presents the context's modal scenes (the window).
    ///   - reportProblem: tells the person about a storyboard problem met while the app runs (a
    ///     context's status line message, usually through its flow's `showError`).
    public init(
        name: String, storyboard: StoryboardSource, registry: StoryboardRegistry,
        environment: any ContextAppearance, presenter: any ModalPresenter,
        reportProblem: @escaping @MainActor (String) -> Void
    ) throws {
        self.name = name
        self.appearance = environment
        self.presenter = presenter
        self.reportProblem = reportProblem
        runtime = try StoryboardRuntime(
            loading: storyboard, registry: registry, environment: environment, expectedName: name)
    }

    /// A new navigator at the scene `identifier`, or the storyboard's initial scene when nil. (The
    /// storyboard was checked when this was made; if building still fails, or there is no scene of
    /// that name, or it needs a value, the scene says why instead of the move failing.)
    public func makeScene(startingAt identifier: String? = nil) -> any Scene {
        do {
            return try runtime.makeNavigator(presenter: presenter, startingAt: identifier, status: reportProblem)
        } catch {
            return MessageScene(title: name, message: String(describing: error))
        }
    }

    /// The theme for the context's scenes from their next frame on.
    public func adopt(_ theme: Theme) {
        appearance.theme = theme
    }

    /// New preferences for the context's scenes from their next frame on.
    public func apply(_ preferences: Preferences) {
        appearance.preferences = preferences
    }
}

/// A context whose controller is its ``ContextSceneMaker`` and little more: making its scenes,
/// adopting a theme and applying preferences come from the scene maker, so a new context's
/// controller writes only its name, its storyboard, its registry and how its environment is made.
@MainActor
public protocol SceneMakingContext: PresentableContext {
    /// Loads the context's storyboard once and makes its scenes.
    var sceneMaker: ContextSceneMaker { get }
}

extension SceneMakingContext {
    /// A new navigator at the storyboard's initial scene, for the host to present.
    public func makeScene() -> any Scene {
        sceneMaker.makeScene()
    }

    /// A new navigator at the scene `identifier` (a reference to it from another context); a scene
    /// saying why when there is none of that name or it needs a value.
    public func makeScene(startingAt identifier: String) -> any Scene {
        sceneMaker.makeScene(startingAt: identifier)
    }

    /// The theme for the context's scenes from their next frame on.
    public func adopt(_ theme: Theme) {
        sceneMaker.adopt(theme)
    }

    /// New preferences for the context's scenes from their next frame on.
    public func apply(_ preferences: Preferences) {
        sceneMaker.apply(preferences)
    }

    /// The validated storyboard with its registry.
    public var runtime: StoryboardRuntime { sceneMaker.runtime }
}
