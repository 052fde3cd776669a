import AppShell
import EntryModel
import Foundation

/// The Memories context as an app sees it: made once with what it needs, it checks its storyboard,
/// then makes a fresh scene each time the app presents it.
@MainActor
public final class MemoriesController {
    /// The storyboard's name: what another storyboard writes after `to:` to present this context.
    public nonisolated static let storyboardName = "Memories"

    private let environment: MemoriesEnvironment
    private let presenter: any ModalPresenter
    private let runtime: StoryboardRuntime

    /// Loads `storyboard` and checks it against the context's scene kinds and actions; throws
    /// `StoryboardLoadError`, which lists every problem, when it does not fit.
    ///
    /// - Parameters:
    ///   - repository: where the entries are read.
    ///   - flow: the moves that leave the context (the app's controller).
    ///   - presenter: presents the help overlay (the window).
    ///   - years: how many years back to look.
    ///   - now: the clock ("today"), injectable for tests.
    public init(
        repository: any EntryRepository, flow: any MemoriesFlow, presenter: any ModalPresenter,
        storyboard: StoryboardSource = builtInStoryboard(), years: Int = 10,
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current
    ) throws {
        let environment = MemoriesEnvironment(
            repository: repository, flow: flow, years: years, now: now, timeZone: timeZone)
        self.environment = environment
        self.presenter = presenter
        self.runtime = try StoryboardRuntime(
            loading: storyboard, registry: Self.storyboardRegistry(), environment: environment,
            expectedName: Self.storyboardName)
    }
}
