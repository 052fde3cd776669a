import AppShell
import EntryModel

/// The entry list of Settings, as in the original sample: every entry, newest first, read page by
/// page as the list scrolls. The storyboard binds a key to the action `showDetails`, which asks the
/// flow to show the chosen entry in the Entries context (the App Controller also hides Settings).
@MainActor
final class SettingsEntryListScene: Scene {
    let title: String
    private let pages: EntryPages
    private let preferences: PreferencesStore
    private let flow: any SettingsFlow
    private let dates: DateDisplay
    private let theme: Theme
    private let list: ListView
    /// Set when a failure was reported, so that a broken database gives one message, not one per row.
    private var hasReportedFailure = false

    init(
        title: String, repository: any EntryRepository, preferences: PreferencesStore, flow: any SettingsFlow,
        dates: DateDisplay, theme: Theme = .default, pageSize: Int = 100
    ) {
        self.title = title
        let pages = EntryPages(repository: repository, order: .newest, pageSize: pageSize)
        self.pages = pages
        self.preferences = preferences
        self.flow = flow
        self.dates = dates
        self.theme = theme
        // Nothing is read before the scene appears: until then the list is empty.
        self.list = ListView(
            dataSource: EntryRowsSource(pages: pages, dateStyle: .short, dates: dates, theme: theme, failed: { _ in }),
            theme: theme, emptyText: "No entries yet")
    }

    /// The chosen entry, if any (nil when there are none or its page cannot be read).
    var selectedEntry: EntrySummary? {
        guard let index = list.selectedIndex else { return nil }
        do {
            return try pages.summary(at: index)
        } catch {
            report(error)
            return nil
        }
    }

    // MARK: Actions (bound by the storyboard)

    /// Asks the flow to show the chosen entry's details in the Entries context.
    func showSelectedEntry() {
        guard let entry = selectedEntry else {
            flow.showError(SettingsNotice("No entry selected"))
            return
        }
        flow.showDetails(for: entry)
    }

    // MARK: Scene

    /// Reads the count and the date format again: entries or preferences may have changed since.
    func sceneWillAppear() {
        hasReportedFailure = false
        var dateStyle = Preferences.defaults.dateStyle
        do {
            dateStyle = try preferences.load().dateStyle
            try pages.reload()
        } catch {
            report(error)
        }
        list.columns = EntryRowsSource.columns(for: dateStyle)
        list.dataSource = EntryRowsSource(
            pages: pages, dateStyle: dateStyle, dates: dates, theme: theme,
            failed: { [weak self] error in self?.report(error) })
        list.reload()
    }

    func handle(_ key: Key) -> Bool {
        list.handle(key)
    }

    func render(into buffer: inout Buffer, area: Rect) {
        list.render(into: &buffer, area: area)
    }

    // MARK: Private

    private func report(_ error: any Error) {
        guard !hasReportedFailure else { return }
        hasReportedFailure = true
        flow.showError(error)
    }
}
