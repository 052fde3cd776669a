import AppShell
import Foundation
import EntryModel
import EntryUI

/// What every scene of the context shares: the dependencies, the current preferences, and a way to
/// tell the other live scenes that something changed (an entry saved in the details must show up in
/// the list underneath). One per ``EntriesController``, passed to each scene's initializer.
@MainActor
final class EntriesEnvironment {
    let repository: any EntryRepository
    let flow: any EntriesFlow
    let presenter: any ModalPresenter
    let suspender: any TerminalSuspending
    let editor: any EntryEditing
    let now: @Sendable () -> Date
    let timeZone: TimeZone
    /// What a new entry starts from.
    let newEntryTemplate: NewEntryTemplate
    /// Where the list shows the selected entry's preview, and whether at start.
    let preview: EntryPreviewLayout
    /// What a row of the list shows (see `EntriesDependencies.listRowLayout`).
    let listRowLayout: Layout
    /// What the details show above the body (see `EntriesDependencies.detailsLayout`).
    let detailsLayout: Layout
    /// What the preview pane shows above the body (see `EntriesDependencies.previewLayout`).
    let previewLayout: Layout
    /// What the more details show (see `EntriesDependencies.moreDetailsLayout`).
    let moreDetailsLayout: Layout
    /// The styles of every scene; the App Controller gives a new one when Settings changes the theme.
    var theme: Theme
    /// Where the list reads the store (see `EntriesDependencies.loader`).
    let loader: any EntryLoader
    private(set) var preferences: Preferences
    /// The storyboard being run, once loaded: for key hints that follow its bindings ("Press a to add").
    var storyboard: Storyboard?
    /// Text the user wrote that could not be saved yet, so a failed edit never loses it.
    let unsavedTexts = UnsavedEntryTexts()
    /// Where the scenes change entries, and the history `undo` takes them back from.
    let changes: EntryChanges
    /// The search whose result the list just offered to a segue: the details it opens mark its words
    /// (and take it, so that an entry opened otherwise later is not marked).
    var searchHighlight: SearchQuery?
    private var observers: [WeakObserver] = []

    init(_ dependencies: EntriesDependencies) {
        repository = dependencies.repository
        flow = dependencies.flow
        presenter = dependencies.presenter
        suspender = dependencies.suspender
        editor = dependencies.editor
        now = dependencies.now
        timeZone = dependencies.timeZone
        newEntryTemplate = dependencies.newEntryTemplate
        preview = dependencies.preview
        listRowLayout = dependencies.listRowLayout
        detailsLayout = dependencies.detailsLayout
        previewLayout = dependencies.previewLayout
        moreDetailsLayout = dependencies.moreDetailsLayout
        theme = dependencies.theme
        loader = dependencies.loader
        preferences = dependencies.preferences
        changes = EntryChanges(repository: dependencies.repository)
    }

    /// Formats `date` in the preferred style.
    func format(_ date: Date) -> String {
        preferences.dateStyle.format(date, now: now(), timeZone: timeZone)
    }

    /// Formats `date` as a layout's `date:` asks (`preferred`: the preferred style).
    func format(_ date: Date, _ format: LayoutDateFormat) -> String {
        switch format {
        case .preferred: return self.format(date)
        case .short: return DateStyle.short.format(date, now: now(), timeZone: timeZone)
        case .long: return DateStyle.iso.format(date, now: now(), timeZone: timeZone)
        case .relative: return DateStyle.relative.format(date, now: now(), timeZone: timeZone)
        case .time: return String(DateStyle.iso.format(date, now: now(), timeZone: timeZone).suffix(5))
        }
    }

    /// Stores new preferences and tells the scenes.
    func apply(_ newPreferences: Preferences) {
        let old = preferences
        preferences = newPreferences
        broadcast(.preferences(old: old))
    }

    // MARK: - Changes

    /// Registers a scene to hear about changes; it is held weakly and dropped once gone.
    func addObserver(_ observer: any EntriesObserver) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    /// Tells every live observer about `change`.
    func broadcast(_ change: EntriesChange) {
        observers.removeAll { $0.observer == nil }
        for box in observers {
            box.observer?.entriesDidChange(change)
        }
    }

    /// The name of the key the storyboard binds to `target` in scene `sceneIdentifier` (or storyboard-wide).
    func keyName(boundTo target: String, inScene sceneIdentifier: String) -> String? {
        guard let storyboard else { return nil }
        let bindings = (storyboard.scene(sceneIdentifier)?.bindings ?? []) + storyboard.globalBindings
        return bindings.first { $0.target == target }?.keyName
    }

    private struct WeakObserver {
        weak var observer: (any EntriesObserver)?
    }
}

/// What changed, as the scenes of the context need to know it.
enum EntriesChange {
    /// The preferences changed (the new ones are in the environment).
    case preferences(old: Preferences)
    /// An entry was added (`isNew`) or edited, and stored as `entry`.
    case saved(Entry, isNew: Bool)
    /// This entry was deleted.
    case deleted(EntrySummary)
    /// The data changed outside the app: reload everything, keep selections by id.
    case outside
    /// The App Controller shows this entry's details: the list selects it, so back lands on it.
    case focus(EntrySummary)
}

/// A scene that keeps itself up to date with changes made elsewhere in the context.
@MainActor
protocol EntriesObserver: AnyObject {
    func entriesDidChange(_ change: EntriesChange)
}
