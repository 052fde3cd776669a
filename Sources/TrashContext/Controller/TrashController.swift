import AppShell
import EntryModel
import EntryUI
import Foundation

/// The Trash context as a host sees it: the entries deleted lately, their pages, restoring one and
/// emptying the trash. It needs nothing but what every host gives a context (`ContextServices`):
/// a host lists it among its contexts and reaches it by reference (`to: Trash`), and writes no code for it.
///
/// ```swift
/// let trash = try TrashController(services: ContextServices(
///     repository: database.entries, flow: appController, presenter: window,
///     storyboard: TrashController.builtInStoryboard()))
/// window.present(trash.makeScene())
/// ```
@MainActor
public final class TrashController: ComposableContext, SceneMakingContext {
    /// The storyboard's name, the context's name in references (`to: Trash`) and `--storyboards`.
    public nonisolated static let storyboardName = "Trash"

    /// Loads the storyboard once and makes the Trash's scenes, restyles and reconfigures them.
    public let sceneMaker: ContextSceneMaker

    /// Loads `services.storyboard` and validates it against the context's scene kinds; throws
    /// `StoryboardLoadError` listing every problem of the file.
    public init(services: ContextServices) throws {
        let flow = services.flow
        sceneMaker = try ContextSceneMaker(
            name: Self.storyboardName, storyboard: services.storyboard, registry: Self.storyboardRegistry(),
            environment: TrashEnvironment(services), presenter: services.presenter,
            reportProblem: { flow.showError(TrashNotice($0)) })
    }

    /// The built-in Trash.storyboard, compiled into the binary (`TrashController+CompiledStoryboard.swift`,
    /// recorded from the file by `make storyboards`); validated whenever it loads, as an override is.
    public nonisolated static func builtInStoryboard() -> StoryboardSource {
        .compiled(compiledStoryboard)
    }

    /// The context's scene kinds and flow actions: what a Trash storyboard is checked against.
    public static func storyboardRegistry() -> StoryboardRegistry {
        TrashRegistry.make()
    }
}

/// A message from the Trash for the app's status line.
public struct TrashNotice: Error, Hashable, Sendable, CustomStringConvertible {
    /// What to tell the person, one line for the status bar.
    public var message: String
    /// Creates a notice saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message, as is.
    public var description: String { message }
}
