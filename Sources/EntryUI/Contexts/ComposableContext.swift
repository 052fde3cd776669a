import AppShell
import EntryModel
import Foundation

/// A context the App Controller presents over the Entries context: the one shape every such context
/// has for the CEO, so that presenting it, restyling it and handing it new preferences is the same
/// code for all of them.
@MainActor
public protocol PresentableContext: AnyObject {
    /// A fresh scene at the context's initial scene, to present.
    func makeScene() -> any Scene
    /// A fresh scene at the context's scene `identifier` (a reference to it: `to: Settings.entries`),
    /// to present; a scene saying why when there is no such scene or it needs a value.
    func makeScene(startingAt identifier: String) -> any Scene
    /// The theme for the scenes built from now on.
    func adopt(_ theme: Theme)
    /// New preferences for the scenes shown and built from now on.
    func apply(_ preferences: Preferences)
}

/// What every host offers a context that has no flow protocol of its own: closing it, telling the
/// other contexts that it changed entries, the status line, and quitting. A context that only needs
/// these is built by the host from ``ContextServices`` alone (``ComposableContext``), with no
/// forwarding code and no answer written for it in the App Controller.
@MainActor
public protocol ContextFlow: AnyObject {
    /// Takes the context `name` away (and whatever it presented), back to exactly where the user was.
    func dismissContext(named name: String)
    /// The context changed entries in the store (it restored one from the trash): whatever shows
    /// entries reads them again.
    func entriesDidChange()
    /// A message in the app's status line.
    func showMessage(_ message: String)
    /// An error the user can act on, in the app's status line.
    func showError(_ error: any Error)
    /// Ends the app (a storyboard's `quit`).
    func quit()
}

/// Everything a host hands a ``ComposableContext`` when it builds one: the same for every context,
/// so that a host builds any number of them with one loop.
@MainActor
public struct ContextServices {
    /// The open journal's entries.
    public var repository: any EntryRepository
    /// The moves that leave the context (the App Controller, or another app's controller).
    public var flow: any ContextFlow
    /// Presents the context's modal scenes (confirmations, the help overlay); the window.
    public var presenter: any ModalPresenter
    /// The context's storyboard: its built-in one, or the person's override.
    public var storyboard: StoryboardSource
    /// The preferences in force when the context is built (``PresentableContext/apply(_:)`` brings later ones).
    public var preferences: Preferences
    /// The window's theme when the context is built (``PresentableContext/adopt(_:)`` brings later ones).
    public var theme: Theme
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    /// The clock, injectable so that tests read the same screen on any day.
    public var now: @Sendable () -> Date
    /// False when colour is impossible whatever the preferences say (`NO_COLOR`, `TERM=dumb`).
    public var colorAllowed: Bool

    /// The services for one context; the defaults are those of a test or a host that keeps the
    /// built-in look (default preferences and theme, the machine's time zone and clock, colour allowed).
    public init(
        repository: any EntryRepository, flow: any ContextFlow, presenter: any ModalPresenter,
        storyboard: StoryboardSource,
        preferences: Preferences = .defaults, theme: Theme = .default, timeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = Date.init, colorAllowed: Bool = true
    ) {
        self.repository = repository
        self.flow = flow
        self.presenter = presenter
        self.storyboard = storyboard
        self.preferences = preferences
        self.theme = theme
        self.timeZone = timeZone
        self.now = now
        self.colorAllowed = colorAllowed
    }
}

/// A context a host builds from ``ContextServices`` alone, and reaches by reference from any
/// storyboard (`to: Trash`). Adding one to the app is its module, its line in the app's list of
/// contexts, and the key that reaches it: the host's catalog checks its storyboard, the factory
/// builds it, and the App Controller presents, restyles and closes it like any other.
@MainActor
public protocol ComposableContext: PresentableContext {
    /// The context's name: its storyboard's name, which references use (`to: Trash`).
    nonisolated static var storyboardName: String { get }
    /// The storyboard the context ships, compiled into the binary.
    nonisolated static func builtInStoryboard() -> StoryboardSource
    /// The context's scene kinds and flow actions, without dependencies: what checks a storyboard.
    static func storyboardRegistry() -> StoryboardRegistry
    /// Loads and checks `services.storyboard`; throws `StoryboardLoadError` listing every problem.
    init(services: ContextServices) throws
}
