import AppShell
import EntryModel
import Foundation

/// Turns entries into list rows: title (taking the room left), date (fixed width for the preferred
/// style), tags (as wide as the widest tags seen on screen, up to a share of the row); fewer columns
/// on narrow screens. Formatted dates are cached per entry because the list redraws its visible rows
/// on every key. Every context that lists entries draws its rows with it, so the lists look alike.
@MainActor
public final class EntryRowFormatter {
    /// The preferences in force now (date style and sort order), asked for on every row.
    private let preferences: @MainActor () -> Preferences
    /// A date in the preferred style, with the context's clock and time zone.
    private let format: @MainActor (Date) -> String
    /// The styles of the rows (the tags are dim); set anew when the app's theme changes.
    public var theme: Theme
    /// Per entry, the date formatted and the text: an entry's date can change (an edit's Date line).
    private var dateCache: [Int64: (date: Date, text: String)] = [:]
    private var cacheKey: (DateStyle, EntrySortOrder)?
    /// The widest tags text of the rows shown so far. It only grows, so the columns do not jump
    /// while scrolling; a wider row met later widens the tags column once.
    public private(set) var widestTags = 0
    /// The width of the list the rows were last laid out for: search rows cut their snippets to it.
    public var listWidth = 80
    /// The tags column never takes more than this share of the room beside the date (in fifths).
    private static let tagsShareInFifths = 2
    private static let cacheLimit = 4_000

    public init(theme: Theme, preferences: @escaping @MainActor () -> Preferences, format: @escaping @MainActor (Date) -> String) {
        self.theme = theme
        self.preferences = preferences
        self.format = format
    }

    /// The columns for a list `width` columns wide, `spacing` apart: title alone below 24 columns,
    /// title and date below 56, then tags too, as wide as the widest tags seen but at most two fifths
    /// of the room beside the date (the title keeps the rest).
    public func columns(width: Int, spacing: Int = 2) -> [ListColumn] {
        let title = ListColumn(.flexible(minimum: 1))
        guard width >= 24 else { return [title] }
        let dateWidth = Self.dateWidth(preferences().dateStyle)
        let date = ListColumn(.fixed(dateWidth))
        guard width >= 56 else { return [title, date] }
        let room = width - dateWidth - 2 * spacing
        return [title, date, ListColumn(.fixed(min(widestTags, room * Self.tagsShareInFifths / 5)))]
    }

    /// Widens the tags column to the tags of `summaries` (the rows about to be shown).
    public func measureTags(of summaries: [EntrySummary]) {
        for summary in summaries {
            widestTags = max(widestTags, Self.tagsText(summary).displayWidth)
        }
    }

    /// The row of `summary`: the date shown is the one the order sorts by (updated for "recently
    /// updated", created otherwise); a starred entry's title starts with `* `.
    public func row(for summary: EntrySummary) -> ListRow {
        ListRow(columns: [
            StyledText((summary.starred ? "* " : "") + EntryText.rowPrefix(summary.title)),
            StyledText(date(of: summary)),
            StyledText(Self.tagsText(summary), style: theme.dim),
        ])
    }

    static func tagsText(_ summary: EntrySummary) -> String {
        EntryText.rowPrefix(EntryText.tags(summary.tags))
    }

    /// Forgets formatted dates (the style or the clock moved on).
    public func clearCache() {
        dateCache.removeAll(keepingCapacity: true)
        cacheKey = nil
    }

    func date(of summary: EntrySummary) -> String {
        let preferences = preferences()
        if let cacheKey, cacheKey != (preferences.dateStyle, preferences.sortOrder) { clearCache() }
        let date = preferences.sortOrder == .updated ? summary.updatedAt : summary.createdAt
        if let cached = dateCache[summary.id], cached.date == date { return cached.text }
        if dateCache.count >= Self.cacheLimit { dateCache.removeAll(keepingCapacity: true) }
        let text = format(date)
        dateCache[summary.id] = (date, text)
        cacheKey = (preferences.dateStyle, preferences.sortOrder)
        return text
    }

    /// The widest date of each style: `2026-11-21 14:05`, `21 Nov 2026`, `11 months ago`.
    public static func dateWidth(_ style: DateStyle) -> Int {
        switch style {
        case .iso: return 16
        case .short: return 11
        case .relative: return 14
        }
    }
}
