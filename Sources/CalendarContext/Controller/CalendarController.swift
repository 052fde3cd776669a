import AppShell
import EntryModel
import Foundation

/// The Calendar context as the app sees it: loads and validates Calendar.storyboard once, then makes a
/// fresh navigator each time the App Controller presents the Calendar (which opens on the day the user
/// last looked at, or today).
///
/// ```swift
/// let calendar = try CalendarController(dependencies: CalendarDependencies(
///     repository: database.entries, flow: appController, presenter: window,
///     storyboard: CalendarController.builtInStoryboard()))
/// window.present(calendar.makeScene())
/// ```
@MainActor
public final class CalendarController {
    /// The storyboard's name, and the name of its file (`Calendar.storyboard`, also in `--storyboards`).
    public nonisolated static let storyboardName = "Calendar"

    private let environment: CalendarEnvironment
    private let presenter: any ModalPresenter
    /// The validated storyboard with its registry.
    public let runtime: StoryboardRuntime

    /// Loads `dependencies.storyboard` and validates it against the context's scene kinds; throws
    /// `StoryboardLoadError` listing every problem of the file.
    public init(dependencies: CalendarDependencies) throws {
        let environment = CalendarEnvironment(dependencies)
        self.environment = environment
        self.presenter = dependencies.presenter
        self.runtime = try StoryboardRuntime(
            loading: dependencies.storyboard, registry: Self.storyboardRegistry(), environment: environment,
            expectedName: Self.storyboardName)
    }

    /// A new navigator at the storyboard's initial scene, for the App Controller to present. (The
    /// storyboard was checked when this controller was made; if building still failed, the scene
    /// says why instead of the move failing.)
    public func makeScene() -> any Scene {
        makeScene(at: nil)
    }

    /// A new navigator at the scene `identifier` (a reference to it from another context); a scene
    /// saying why when there is none of that name or it needs a value.
    public func makeScene(startingAt identifier: String) -> any Scene {
        makeScene(at: identifier)
    }

    private func makeScene(at identifier: String?) -> any Scene {
        do {
            let flow = environment.flow
            return try runtime.makeNavigator(presenter: presenter, startingAt: identifier) { message in
                flow.showError(CalendarNotice(message))
            }
        } catch {
            return MessageScene(title: Self.storyboardName, message: String(describing: error))
        }
    }

    /// New preferences (first day of the week, colour) for the calendar from its next frame on.
    public func apply(_ preferences: Preferences) {
        environment.preferences = preferences
    }

    /// The theme for the calendar from its next frame on (its scenes read it as they draw).
    public func adopt(_ theme: Theme) {
        environment.theme = theme
    }

    /// The built-in Calendar.storyboard, compiled into the binary (`CalendarController+CompiledStoryboard.swift`,
    /// recorded from the file by `make storyboards`): no file to find at start, no YAML to parse. It is
    /// validated against the context's registry whenever it loads, as an override file is.
    public nonisolated static func builtInStoryboard() -> StoryboardSource {
        .compiled(compiledStoryboard)
    }

    /// The context's scene kinds and flow actions: what a Calendar storyboard is checked against (by
    /// the controller, `entries storyboard lint` and `graph`). It holds no dependencies.
    public static func storyboardRegistry() -> StoryboardRegistry {
        CalendarRegistry.make()
    }
}

/// A message from the Calendar for the app's status line (a storyboard problem met at run time).
public struct CalendarNotice: Error, Hashable, Sendable, CustomStringConvertible {
    /// What to tell the person, one line for the status bar.
    public var message: String
    /// Creates a notice saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message, as is.
    public var description: String { message }
}
