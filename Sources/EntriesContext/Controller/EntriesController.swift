import AppShell
import Foundation
import EntryModel

/// The Entries context as the app sees it: loads and validates Entries.storyboard against the
/// context's scene kinds, runs it in a navigator (the window's root content), and takes the App
/// Controller's requests: show an entry's details, apply new preferences, reload after outside changes.
///
/// ```swift
/// let entries = try EntriesController(dependencies: EntriesDependencies(
///     repository: database.entries, flow: appController, presenter: window, suspender: runLoop,
///     preferences: preferences, storyboard: EntriesController.builtInStoryboard(),
///     editor: ExternalEntryEditor(editor: ExternalEditor(environment: environment))))
/// window.replaceRoot(with: entries.rootScene)
/// ```
@MainActor
public final class EntriesController {
    /// The storyboard's name, and the file name (`Entries.storyboard`) of a `--storyboards` override.
    public nonisolated static let storyboardName = EntriesStoryboardContract.name
    /// The segue ``showDetails(for:)`` performs: the storyboard must have a segue with this identifier
    /// leading to a scene of kind `EntryDetails` (e.g. `showDetails: {from: list, to: details, kind: push}`).
    public nonisolated static let showDetailsSegue = EntriesStoryboardContract.showDetailsSegue
    /// The segue the details perform after deleting their entry (an unwind); optional.
    public nonisolated static let entryDeletedSegue = EntriesStoryboardContract.entryDeletedSegue

    private let environment: EntriesEnvironment
    /// The navigator running the storyboard.
    public let navigator: StoryboardNavigator
    /// Warnings the storyboard has (errors make the initializer throw).
    public let storyboardWarnings: [StoryboardDiagnostic]

    /// Loads the storyboard from `dependencies.storyboard`, validates it against the context's scene
    /// kinds and actions (and the host's, `dependencies.hostActions`) and builds the navigator on its
    /// initial scene.
    ///
    /// - Throws: `StoryboardLoadError` (every problem of the file, with line and column) or
    ///   `StoryboardRuntimeError` when the initial scene cannot be built.
    public init(dependencies: EntriesDependencies) throws {
        let environment = EntriesEnvironment(dependencies)
        var registry = Self.storyboardRegistry()
        registry.registerHostActions(dependencies.hostActions)
        let runtime = try StoryboardRuntime(
            loading: dependencies.storyboard, registry: registry, environment: environment,
            expectedName: Self.storyboardName)
        environment.storyboard = runtime.storyboard
        let flow = dependencies.flow
        self.environment = environment
        self.navigator = try runtime.makeNavigator(presenter: dependencies.presenter) { message in
            flow.showMessage(message)
        }
        self.storyboardWarnings = runtime.warnings
    }

    /// The window's root content: the storyboard navigator. (The list is a `TextInputScene`, so while
    /// its search line is open the navigator gives it every key before the storyboard's bindings.)
    public var rootScene: any Scene { navigator }

    /// Goes back to the scene `showDetails` starts from (the list), then shows this entry's details
    /// through the storyboard's ``showDetailsSegue``. The list selects the entry, so going back lands
    /// on it. Problems (no such segue, the entry is gone) go to `flow.showError`.
    public func showDetails(for entry: EntrySummary) {
        guard navigator.runtime.storyboard.segue(Self.showDetailsSegue) != nil else {
            environment.flow.showError(
                EntriesControllerError.missingSegue(
                    Self.showDetailsSegue, storyboard: navigator.runtime.storyboard.fileName))
            return
        }
        environment.broadcast(.focus(entry))
        do {
            try navigator.performSegue(Self.showDetailsSegue, with: entry)
        } catch {
            environment.flow.showError(error)
        }
    }

    /// Shows the list filtered to the entries created on `day` (in the context's time zone), named in
    /// the list's footer; Esc there clears the filter and returns to the row the user was on. The day
    /// goes to the nearest scene shown whose kind accepts a `day` (the list), whatever covers it: what
    /// the context presented and the scenes stacked on it go first, so the day's entries are what the
    /// user sees wherever the storyboard let the day be picked from. A storyboard whose shown scenes
    /// accept no day: the error goes to `flow.showError` and nothing moves.
    public func showEntries(on day: CivilDay) {
        do {
            try navigator.deliver(day, as: .day)
        } catch {
            environment.flow.showError(error)
        }
    }

    /// Shows the list of the entries created on `day`, as ``showEntries(on:)`` does, with `entry` selected.
    public func showEntry(_ entry: EntrySummary, on day: CivilDay) {
        showEntries(on: day)
        environment.broadcast(.focus(entry))
    }

    /// Applies new preferences at once: the list reorders (keeping the selected entry selected), dates
    /// take the new style, deleting asks first or not.
    public func apply(_ preferences: Preferences) {
        environment.apply(preferences)
    }

    /// The theme for the scenes built from now on; the App Controller hands it to the scenes shown
    /// through the window (see `ThemeAdoptingScene`).
    public func adopt(_ theme: Theme) {
        environment.theme = theme
    }

    /// The data changed outside the app (another process): counts, rows and open entries are read
    /// again; selections stay on the same entries where they still exist.
    public func refresh() {
        environment.broadcast(.outside)
    }

    /// The built-in Entries.storyboard, compiled into the binary (`EntriesController+CompiledStoryboard.swift`,
    /// recorded from the file by `make storyboards`): no file to find at start, no YAML to parse. It is
    /// validated against the context's registry whenever it loads, as an override file is.
    public nonisolated static func builtInStoryboard() -> StoryboardSource {
        .compiled(compiledStoryboard)
    }

    /// The context's scene kinds, flow actions and the segues its code performs: what a storyboard of
    /// this context is checked against (by the controller, `entries storyboard lint` and `graph`). It
    /// holds no dependencies; scenes get the context's environment when they are built.
    public static func storyboardRegistry() -> StoryboardRegistry {
        EntriesRegistry.make()
    }
}

/// Why the Entries controller could not do what the App Controller asked.
public enum EntriesControllerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The storyboard lacks a segue the controller performs from code.
    case missingSegue(String, storyboard: String)

    /// What is missing and how to add it.
    public var description: String {
        switch self {
        case let .missingSegue(segue, storyboard):
            return "\(storyboard) has no segue `\(segue)`, which shows an entry picked elsewhere; "
                + "add one, e.g. `\(segue): {from: list, to: details, kind: push}`"
        }
    }
}
