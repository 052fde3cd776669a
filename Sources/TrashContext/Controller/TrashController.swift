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
public final class TrashController: ComposableContext {
    /// The storyboard's name, the context's name in references (`to: Trash`) and `--storyboards`.
    public nonisolated static let storyboardName = "Trash"

    private let environment: TrashEnvironment
    private let presenter: any ModalPresenter
    /// The validated storyboard with its registry.
    public let runtime: StoryboardRuntime

    /// Loads `services.storyboard` and validates it against the context's scene kinds; throws
    /// `StoryboardLoadError` listing every problem of the file.
    public init(services: ContextServices) throws {
        let environment = TrashEnvironment(services)
        self.environment = environment
        self.presenter = services.presenter
        self.runtime = try StoryboardRuntime(
            loading: services.storyboard, registry: Self.storyboardRegistry(), environment: environment,
            expectedName: Self.storyboardName)
    }

    /// A new navigator at the storyboard's initial scene (the list, read afresh), for the host to present.
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
                flow.showError(TrashNotice(message))
            }
        } catch {
            return MessageScene(title: Self.storyboardName, message: String(describing: error))
        }
    }

    /// The date format and the rest of the preferences, from the next frame on.
    public func apply(_ preferences: Preferences) {
        environment.preferences = preferences
    }

    /// The theme for the Trash's scenes from their next frame on.
    public func adopt(_ theme: Theme) {
        environment.theme = theme
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
