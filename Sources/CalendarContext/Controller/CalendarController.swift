import AppShell
import EntryModel
import EntryUI
import Foundation

/// The Calendar context as the app sees it: loads and validates Calendar.storyboard once, then makes a
/// fresh navigator each time the App Controller presents the Calendar (which opens on the day the user
/// last looked at, or today). Making scenes, restyling and reconfiguring them come from its
/// `ContextSceneMaker` (`SceneMakingContext`); it has a flow of its own (a day goes back to Entries),
/// so it is built from ``CalendarDependencies`` rather than from `ContextServices`.
///
/// ```swift
/// let calendar = try CalendarController(dependencies: CalendarDependencies(
///     repository: database.entries, flow: appController, presenter: window,
///     storyboard: CalendarController.builtInStoryboard()))
/// window.present(calendar.makeScene())
/// ```
@MainActor
public final class CalendarController: SceneMakingContext {
    /// The storyboard's name, and the name of its file (`Calendar.storyboard`, also in `--storyboards`).
    public nonisolated static let storyboardName = "Calendar"

    /// Loads the storyboard once and makes the Calendar's scenes, restyles and reconfigures them.
    public let sceneMaker: ContextSceneMaker

    /// Loads `dependencies.storyboard` and validates it against the context's scene kinds; throws
    /// `StoryboardLoadError` listing every problem of the file.
    public init(dependencies: CalendarDependencies) throws {
        let flow = dependencies.flow
        sceneMaker = try ContextSceneMaker(
            name: Self.storyboardName, storyboard: dependencies.storyboard, registry: Self.storyboardRegistry(),
            environment: CalendarEnvironment(dependencies), presenter: dependencies.presenter,
            reportProblem: { flow.showError(CalendarNotice($0)) })
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
