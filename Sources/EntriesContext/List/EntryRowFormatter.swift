import AppShell
import EntryStore

/// Turns entries into list rows: title (taking the room left), date (fixed width for the preferred
/// style), tags; fewer columns on narrow screens. Formatted dates are cached per entry because the
/// list redraws its visible rows on every key.
@MainActor
final class EntryRowFormatter {
    private let environment: EntriesEnvironment
    private var dateCache: [Int64: String] = [:]
    private var cacheKey: (DateStyle, EntrySortOrder)?
    private static let cacheLimit = 4_000

    init(environment: EntriesEnvironment) {
        self.environment = environment
    }

    /// The columns for a list `width` columns wide: title alone below 24 columns, title and date
    /// below 56, then tags too.
    func columns(width: Int) -> [ListColumn] {
        let title = ListColumn(.flexible(minimum: 1))
        guard width >= 24 else { return [title] }
        let date = ListColumn(.fixed(Self.dateWidth(environment.preferences.dateStyle)))
        guard width >= 56 else { return [title, date] }
        return [title, date, ListColumn(.fixed(min(24, width / 4)))]
    }

    /// The row of `summary`: the date shown is the one the order sorts by (updated for "recently
    /// updated", created otherwise).
    func row(for summary: EntrySummary) -> ListRow {
        ListRow(columns: [
            StyledText(EntryText.rowPrefix(summary.title)),
            StyledText(date(of: summary)),
            StyledText(EntryText.rowPrefix(EntryText.tags(summary.tags)), style: environment.theme.dim),
        ])
    }

    /// Forgets formatted dates (the style or the clock moved on).
    func clearCache() {
        dateCache.removeAll(keepingCapacity: true)
        cacheKey = nil
    }

    private func date(of summary: EntrySummary) -> String {
        let preferences = environment.preferences
        if let cacheKey, cacheKey != (preferences.dateStyle, preferences.sortOrder) { clearCache() }
        if let cached = dateCache[summary.id] { return cached }
        if dateCache.count >= Self.cacheLimit { dateCache.removeAll(keepingCapacity: true) }
        let text = environment.format(preferences.sortOrder == .updated ? summary.updatedAt : summary.createdAt)
        dateCache[summary.id] = text
        cacheKey = (preferences.dateStyle, preferences.sortOrder)
        return text
    }

    /// The widest date of each style: `2026-11-21 14:05`, `21 Nov 2026`, `11 months ago`.
    static func dateWidth(_ style: DateStyle) -> Int {
        switch style {
        case .iso: return 16
        case .short: return 11
        case .relative: return 14
        }
    }
}
