import AppShell
import Foundation
import EntryModel
import EntryUI

/// Everything the Entries context needs from outside, handed to ``EntriesController/init(dependencies:)``
/// by the App Factory (or by a test, or by an app that embeds the context alone).
public struct EntriesDependencies {
    /// Where the entries are kept.
    public var repository: any EntryRepository
    /// The moves that leave the context (Settings, quit) and the app's status line.
    public var flow: any EntriesFlow
    /// Shows confirm dialogs, pickers and `present` segues over the content: the window.
    public var presenter: any ModalPresenter
    /// Gives the terminal back while `$EDITOR` runs (AppShell's `NoTerminalSuspension` when the host
    /// never gives it away).
    public var suspender: any TerminalSuspending
    /// The preferences at launch; later changes arrive through ``EntriesController/apply(_:)``.
    public var preferences: Preferences
    /// The storyboard to run: ``EntriesController/builtInStoryboard()`` or a `--storyboards` override.
    public var storyboard: StoryboardSource
    /// Edits an entry's text (the live one runs `$EDITOR`, tests use a fake, ``NoEntryEditor`` refuses).
    public var editor: any EntryEditing
    /// The clock for relative dates ("3 days ago").
    public var now: @Sendable () -> Date = Date.init
    /// The time zone dates are shown in. Default: the system's.
    public var timeZone: TimeZone
    /// The styles of the scenes' own text (the window draws its chrome with its own theme).
    public var theme: Theme = .default
    /// Where the list's pages, counts and searches are read: off the main thread in the app
    /// (`BackgroundLoader`); at once by default, so a headless screen is complete after every key.
    public var loader: any EntryLoader = ImmediateLoader()
    /// What a new entry starts from in the editor (the config's `template:`; empty by default).
    public var newEntryTemplate = NewEntryTemplate()
    /// The preview beside (or below) the list: off at start unless the embedding app turns it on (the
    /// entries app does, from its config: ``EntryPreviewLayout/standard``).
    public var preview = EntryPreviewLayout(shownAtStart: false)
    /// What a row of the list shows and where: the shipped `EntryList.layout` unless a person's file
    /// (or an embedding app) gives another, checked by `EntryListLayout/loader`.
    public var listRowLayout: Layout = EntryListLayout.builtIn
    /// What the details show above the body: the shipped `EntryDetails.layout` unless another is given.
    public var detailsLayout: Layout = EntryDetailsLayout.builtIn
    /// What the preview pane shows above the body: the shipped `EntryPreview.layout` unless another is given.
    public var previewLayout: Layout = EntryPreviewPaneLayout.builtIn
    /// What the more details show: the shipped `EntryMoreDetails.layout` unless another is given.
    public var moreDetailsLayout: Layout = EntryMoreDetailsLayout.builtIn
    /// Flow actions of the host's own, which its storyboard may bind like the context's (`x: archive`):
    /// checked with the storyboard at load. None by default.
    public var hostActions: [HostFlowAction] = []

    /// Every dependency; `now`, `timeZone` and `theme` have defaults for the live app. A host that
    /// never edits gives no `suspender` (AppShell's `NoTerminalSuspension`) and no `editor`
    /// (``NoEntryEditor``: writing or changing an entry says the app has no editor).
    public init(
        repository: any EntryRepository, flow: any EntriesFlow, presenter: any ModalPresenter,
        suspender: any TerminalSuspending = NoTerminalSuspension(), preferences: Preferences,
        storyboard: StoryboardSource, editor: any EntryEditing = NoEntryEditor(),
        now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current, theme: Theme = .default
    ) {
        self.repository = repository
        self.flow = flow
        self.presenter = presenter
        self.suspender = suspender
        self.preferences = preferences
        self.storyboard = storyboard
        self.editor = editor
        self.now = now
        self.timeZone = timeZone
        self.theme = theme
    }
}
