import AppShell
import EntryModel

/// The first scene of Settings: the preferences with their current values. Up/down (j/k) choose a
/// preference; the storyboard binds keys to the actions `next` and `previous`, which cycle its value.
/// Every change is saved at once and reported to the flow so the app applies it immediately; the
/// bottom lines explain the chosen preference. Presented in a box, it asks for a box that fits it.
@MainActor
final class PreferencesScene: SizedModalScene, ThemeAdoptingScene {
    let title: String
    private let store: PreferencesStore
    private let flow: any SettingsFlow
    private let dates: DateDisplay
    private var theme: Theme
    private let rows: [PreferenceRow]
    private let list: ListView
    /// The value column's width at the last render (values are cut inside their marks to fit it).
    private var valueWidth = Int.max
    /// What is shown: always what was last read from or saved to the store.
    private(set) var preferences: Preferences

    /// The most rows the help text of the chosen preference may take.
    static let maximumHelpRows = 3
    /// The narrowest content it asks for, so that the box never looks cramped around short values.
    static let minimumWidth = 44

    init(title: String, store: PreferencesStore, flow: any SettingsFlow, dates: DateDisplay, theme: Theme = .default) {
        self.title = title
        self.store = store
        self.flow = flow
        self.dates = dates
        self.theme = theme
        self.rows = PreferenceRow.all
        // Read quietly here; `sceneWillAppear` reads again and reports a failure, once the scene is shown.
        let preferences = (try? store.load()) ?? .defaults
        self.preferences = preferences
        self.list = ListView(
            dataSource: PreferenceListSource(rows: rows, preferences: preferences, dates: dates, theme: theme),
            theme: theme)
    }

    // MARK: Actions (bound by the storyboard)

    /// Moves the chosen preference `step` values along (1 forward, -1 back), saves and reports it.
    /// When saving fails the flow shows the error and the scene shows what is stored.
    func cycleSelected(by step: Int) {
        guard let index = list.selectedIndex, rows.indices.contains(index) else { return }
        let previous = preferences
        let changed = rows[index].cycle(previous, step)
        do {
            try store.save(changed)
            show(changed)
            flow.preferencesDidChange(changed)
        } catch {
            flow.showError(error)
            // A save that failed half-way may have stored part of the change: show what is stored,
            // and tell the app when that is not what it had.
            let stored = (try? store.load()) ?? previous
            show(stored)
            if stored != previous { flow.preferencesDidChange(stored) }
        }
    }

    // MARK: Scene

    func sceneWillAppear() {
        do {
            show(try store.load())
        } catch {
            flow.showError(error)
        }
    }

    func handle(_ key: Key) -> Bool {
        list.handle(key)
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let helpRows = helpRows(width: area.width, available: area.height - rows.count)
        // A blank row between the list and the help when there is room for it.
        let gap = helpRows.isEmpty || area.height - rows.count - helpRows.count < 1 ? 0 : 1
        let listHeight = area.height - helpRows.count - gap
        list.columns = PreferenceListSource.columns(width: area.width, rows: rows)
        valueWidth = PreferenceListSource.columnWidths(width: area.width, rows: rows).value
        list.dataSource = source(for: preferences)
        list.render(into: &buffer, area: Rect(x: area.x, y: area.y, width: area.width, height: listHeight))
        for (offset, row) in helpRows.enumerated() {
            let y = area.maxY - helpRows.count + offset
            buffer.put(
                line: StyledText(row, style: theme.dim), at: Point(x: area.x, y: y), width: area.width, clip: area)
        }
    }

    func adopt(_ theme: Theme) {
        self.theme = theme
        list.theme = theme
        list.dataSource = source(for: preferences)
    }

    // MARK: SizedModalScene

    /// Wide enough for names, values and examples whole; as tall as the list, a blank row and the
    /// longest help text at that width (at most `maximumHelpRows`), so the help sits under the list.
    func preferredContentSize(fitting available: Size) -> Size {
        let spacing = PreferenceListSource.columnSpacing
        let columns = PreferenceListSource.columnWidths(width: .max, rows: rows)
        let detail = rows.flatMap { $0.detailTexts(dates) }.map(\.displayWidth).max() ?? 0
        let natural = columns.label + spacing + columns.value + (detail > 0 ? spacing + detail : 0)
        let width = max(1, min(available.width, max(Self.minimumWidth, natural)))
        let help =
            rows.map { row in
                TextWrapper.rows(of: row.help(preferences, dates)[...], width: width, limit: Self.maximumHelpRows).count
            }.max() ?? 0
        return Size(width: width, height: min(available.height, rows.count + (help > 0 ? 1 + help : 0)))
    }

    // MARK: Private

    private func show(_ preferences: Preferences) {
        self.preferences = preferences
        list.dataSource = source(for: preferences)
    }

    private func source(for preferences: Preferences) -> PreferenceListSource {
        PreferenceListSource(rows: rows, preferences: preferences, dates: dates, theme: theme, valueWidth: valueWidth)
    }

    /// The help of the chosen preference wrapped to `width`, in at most `available` rows (none when
    /// the list needs every row).
    private func helpRows(width: Int, available: Int) -> [String] {
        guard available > 0, let index = list.selectedIndex, rows.indices.contains(index) else { return [] }
        let help = rows[index].help(preferences, dates)
        let limit = min(Self.maximumHelpRows, available > 1 ? available - 1 : available)
        let rows = TextWrapper.rows(of: help[...], width: width, limit: limit + 1)
        guard rows.count > limit else { return rows.map { String(help[$0]) } }
        // Too long for the room there is: the last row takes the rest of the text, and `put(line:)`
        // ends it with "…".
        return rows.prefix(limit - 1).map { String(help[$0]) } + [String(help[rows[limit - 1].lowerBound...])]
    }
}
