import AppShell
import EntryModel
import EntryUI

/// The entry list of Settings, as in the original sample: every entry in the preferred order, read a
/// keyset page at a time as the list scrolls, its rows laid out by a layout of their own kind
/// (``SettingsEntryListLayout``) and drawn by the shared `EntryListDataSource` and `EntryRowFormatter`. The storyboard binds a key to the action
/// `showDetails`, which asks the flow to show the chosen entry in the Entries context (the App
/// Controller also hides Settings).
@MainActor
final class SettingsEntryListScene: Scene, ThemeAdoptingScene {
    let title: String
    private let rows: EntryListDataSource
    private let formatter: EntryRowFormatter
    private let preferencesStore: PreferencesStore
    private let flow: any SettingsFlow
    private let list: ListView
    /// The preferences read when the scene last appeared: the order and the date format of the rows.
    private let shown: ShownPreferences
    /// Set when a failure was reported, so that a broken database gives one message, not one per row.
    private var hasReportedFailure = false

    init(
        title: String, repository: any EntryRepository, preferences: PreferencesStore, flow: any SettingsFlow,
        dates: DateDisplay, theme: Theme = .default, loader: any EntryLoader = ImmediateLoader(), pageSize: Int = 100,
        layout: Layout = SettingsEntryListLayout.builtIn
    ) {
        self.title = title
        self.preferencesStore = preferences
        self.flow = flow
        let shown = ShownPreferences()
        self.shown = shown
        let formatter = EntryRowFormatter(
            theme: theme, preferences: { shown.value },
            format: { date in dates.text(date, style: shown.value.dateStyle) },
            layout: layout, kind: SettingsEntryListLayout.kind,
            formatInStyle: { date, style in dates.text(date, style: style) })
        self.formatter = formatter
        let rows = EntryListDataSource(
            repository: repository, order: Preferences.defaults.sortOrder, loader: loader, pageSize: pageSize,
            makeRow: { formatter.row(for: $0) })
        self.rows = rows
        // Nothing is read before the scene appears: until then the list is empty.
        self.list = ListView(dataSource: rows, theme: theme, emptyText: "No entries yet")
        rows.onError = { [weak self] error in self?.report(error) }
        rows.placeholderStyle = theme.dim
        rows.onRowsChanged = { [weak self] countChanged in if countChanged { self?.list.reload() } }
        list.selectionDidChange = { [weak self] _ in self?.prefetchVisibleRows() }
    }

    func adopt(_ theme: Theme) {
        formatter.theme = theme
        list.theme = theme
        rows.placeholderStyle = theme.dim
    }

    /// The chosen entry, if any (nil when there are none or its page cannot be read).
    var selectedEntry: EntrySummary? {
        list.selectedIndex.flatMap { rows.summaryReadingNow(at: $0) }
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

    /// Reads the preferences and the count again: entries or preferences may have changed since.
    func sceneWillAppear() {
        hasReportedFailure = false
        do {
            shown.value = try preferencesStore.load()
        } catch {
            report(error)
        }
        formatter.clearCache()
        rows.reload(order: shown.value.sortOrder, filter: .all, keeping: nil) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { self.report(error) }
            self.list.reload()
            self.prefetchVisibleRows()
        }
    }

    /// Asks for the rows a screen either side of the selection: when it moves, never while drawing.
    private func prefetchVisibleRows() {
        rows.prefetch(around: list.selectedIndex ?? 0, margin: list.visibleRowCount)
    }

    func handle(_ key: Key) -> Bool {
        list.handle(key)
    }

    func render(into buffer: inout Buffer, area: Rect) {
        list.columnSpacing = formatter.columnGap
        list.columns = formatter.columns(width: area.width)
        list.render(into: &buffer, area: area)
        // Rows met for the first time may carry wider tags: draw once more with the wider column.
        let widest = formatter.widestTags
        formatter.measureTags(of: rows.loadedSummaries(in: list.scrollOffset..<(list.scrollOffset + area.height)))
        guard formatter.widestTags != widest else { return }
        list.columns = formatter.columns(width: area.width)
        list.render(into: &buffer, area: area)
    }

    // MARK: Private

    private func report(_ error: any Error) {
        guard !hasReportedFailure else { return }
        hasReportedFailure = true
        flow.showError(error)
    }
}

/// The preferences the rows are drawn with, shared by the scene and its row formatter.
@MainActor
private final class ShownPreferences {
    var value = Preferences.defaults
}
