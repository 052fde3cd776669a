import AppShell
import EntryModel
import Foundation

/// Turns entries into list rows as a layout says (`EntryList.layout`, see ``EntryListLayout``): which
/// values, in which columns, how wide, in which style. The shipped layout gives the title the room
/// left, the date a fixed width for the preferred style and the tags as wide as the widest tags seen
/// on screen, up to a share of the row; fewer columns on narrow screens. Formatted dates are cached
/// per entry because the list redraws its visible rows on every key. Every context that lists
/// entries draws its rows with it, so the lists look alike.
@MainActor
public final class EntryRowFormatter {
    /// The preferences in force now (date style and sort order), asked for on every row.
    private let preferences: @MainActor () -> Preferences
    /// A date in the preferred style, with the context's clock and time zone.
    private let format: @MainActor (Date) -> String
    /// A date in a given style (a layout's `date: short`), with the context's clock and time zone.
    private let formatInStyle: @MainActor (Date, DateStyle) -> String
    /// The styles of the rows (the tags are dim); set anew when the app's theme changes.
    public var theme: Theme {
        didSet { rowCache.removeAll(keepingCapacity: true) }
    }
    /// What a row shows and where.
    public let layout: Layout
    /// Per outlet of the layout's kind (by the index a layout item holds), the value it stands for: a
    /// kind other than `EntryList` (Settings' entry list) offers its own outlets, found by name once.
    private let outletValues: [EntryRowOutlet?]
    /// Per entry, the date formatted and the text: an entry's date can change (an edit's Date line).
    private var dateCache: [Int64: (date: Date, text: String)] = [:]
    /// The same for the other dates a layout shows (`created`, `updated`, a format of its own), by
    /// entry and by which date in which format.
    private var otherDateCache: [OtherDate: (date: Date, text: String)] = [:]
    private struct OtherDate: Hashable {
        var id: Int64
        var outlet: EntryRowOutlet
        var format: LayoutDateFormat
    }
    private var cacheKey: (DateStyle, EntrySortOrder)?
    /// Per column of the layout, the widest text of a `fit` column measured so far. It only grows, so
    /// the columns do not jump while scrolling; a wider row met later widens its column once.
    private var widest: [Int]
    /// Per column, whether its width is measured on the rows (a `fit` column of text, tags, numbers).
    private let measured: [Bool]
    /// The plan the rows are being drawn with: ``row(for:)`` gives the texts of its columns.
    private var plan: LayoutRowPlan?
    /// Per entry, the texts of the shown columns as last made, with the entry they were made from: the
    /// list redraws every visible row on each key, and a row's texts change only when its entry, the
    /// columns shown, the theme or the date preferences do (each of which empties it). This keeps a
    /// key's cost that of the rows in code before they were a layout.
    private var rowCache: [Int64: (summary: EntrySummary, texts: [StyledText])] = [:]
    private var rowCacheKey: (DateStyle, EntrySortOrder)?
    /// Per entry, the entry as its measured columns were last measured: measuring again changes nothing.
    private var measuredSummaries: [Int64: EntrySummary] = [:]
    /// The width of the list the rows were last laid out for: search rows cut their snippets to it.
    public var listWidth = 80
    private static let cacheLimit = 4_000

    /// A formatter for `layout` (by default the shipped one) of `kind` (by default `EntryList`; another
    /// kind's outlets are list-row values under their names, see ``EntryRowOutlet/init(named:)``).
    /// `formatInStyle` formats the dates a layout asks for in a given style; without it they take the
    /// preferred style.
    public init(
        theme: Theme, preferences: @escaping @MainActor () -> Preferences,
        format: @escaping @MainActor (Date) -> String,
        layout: Layout = EntryListLayout.builtIn, kind: LayoutKind = EntryListLayout.kind,
        formatInStyle: (@MainActor (Date, DateStyle) -> String)? = nil
    ) {
        self.theme = theme
        self.preferences = preferences
        self.format = format
        self.formatInStyle = formatInStyle ?? { date, _ in format(date) }
        self.layout = layout
        self.outletValues = kind.outlets.map { EntryRowOutlet(named: $0.name) }
        self.widest = Array(repeating: 0, count: layout.columns.count)
        self.measured = layout.columns.map { column in
            guard case .fit = column.width else { return false }
            return column.items.contains { item in
                if case .outlet = item.content { return item.type != .date && item.type != .flag }
                return false
            }
        }
    }

    /// The widest tags text (and other measured values) of the rows shown so far: it changes when a
    /// row met for the first time widens a column.
    public var widestTags: Int { widest.reduce(0, +) }

    /// Columns between two columns, as the layout says: the list draws with it.
    public var columnGap: Int { layout.gap }

    /// The columns for a list `width` columns wide (``columnGap`` apart), as the layout places them;
    /// the rows made next have these columns.
    public func columns(width: Int) -> [ListColumn] {
        let plan = layout.rowPlan(width: width) { naturalWidth(ofColumn: $0) }
        if plan.shown != self.plan?.shown { rowCache.removeAll(keepingCapacity: true) }
        self.plan = plan
        return plan.listColumns(of: layout)
    }

    /// Widens the measured columns (the tags, in the shipped layout) to the rows of `summaries` (the
    /// rows about to be shown).
    public func measureTags(of summaries: [EntrySummary]) {
        guard measured.contains(true) else { return }
        if measuredSummaries.count >= Self.cacheLimit { measuredSummaries.removeAll(keepingCapacity: true) }
        for summary in summaries where measuredSummaries[summary.id] != summary {
            measuredSummaries[summary.id] = summary
            for (index, column) in layout.columns.enumerated() where measured[index] {
                let text = layout.text(of: column, theme: theme) { value(of: $0, for: summary, search: nil) }
                widest[index] = max(widest[index], text.width)
            }
        }
    }

    /// The row of `summary`, its columns as the last ``columns(width:)`` placed them.
    public func row(for summary: EntrySummary) -> ListRow {
        let preferences = preferences()
        if let rowCacheKey, rowCacheKey != (preferences.dateStyle, preferences.sortOrder) {
            rowCache.removeAll(keepingCapacity: true)
        }
        rowCacheKey = (preferences.dateStyle, preferences.sortOrder)
        if let cached = rowCache[summary.id], cached.summary == summary { return ListRow(columns: cached.texts) }
        if rowCache.count >= Self.cacheLimit { rowCache.removeAll(keepingCapacity: true) }
        let texts = texts(for: summary, search: nil)
        rowCache[summary.id] = (summary, texts)
        return ListRow(columns: texts)
    }

    /// The texts of the shown columns for `summary`; `search` marks the title and gives the snippet.
    func texts(for summary: EntrySummary, search: SearchValues?) -> [StyledText] {
        let shown = plan?.shown ?? Array(layout.columns.indices)
        return shown.map { index in
            layout.text(of: layout.columns[index], theme: theme) { value(of: $0, for: summary, search: search) }
        }
    }

    /// What a search row adds: the title with the query's words marked, the matching text.
    struct SearchValues {
        var title: StyledText
        var snippet: StyledText?
    }

    /// The value of one outlet item: the date shown as `date` is the one the order sorts by (updated
    /// for "recently updated", created otherwise).
    private func value(of item: LayoutItem, for summary: EntrySummary, search: SearchValues?) -> StyledText {
        guard case .outlet(let index) = item.content, outletValues.indices.contains(index),
            let outlet = outletValues[index]
        else {
            return StyledText()
        }
        switch outlet {
        case .star: return summary.starred ? StyledText("*") : StyledText()
        case .title: return search?.title ?? StyledText(EntryText.rowPrefix(summary.title))
        case .date, .created, .updated:
            return StyledText(dateText(of: summary, outlet: outlet, format: item.dateFormat))
        case .tags: return StyledText(Self.tagsText(summary))
        case .snippet: return search?.snippet ?? StyledText()
        case .id: return StyledText(String(summary.id))
        case .words: return StyledText(EntryText.count(summary.words))
        }
    }

    static func tagsText(_ summary: EntrySummary) -> String {
        EntryText.rowPrefix(EntryText.tags(summary.tags))
    }

    /// Forgets formatted dates (the style or the clock moved on), and the rows made with them. What was
    /// measured stays: a measured column shows no date, and its widest text only grows.
    public func clearCache() {
        rowCache.removeAll(keepingCapacity: true)
        dateCache.removeAll(keepingCapacity: true)
        otherDateCache.removeAll(keepingCapacity: true)
        cacheKey = nil
    }

    /// The date of `outlet` in `format`, cached per entry: the list redraws every visible row on each key.
    private func dateText(of summary: EntrySummary, outlet: EntryRowOutlet, format: LayoutDateFormat) -> String {
        if outlet == .date, format == .preferred { return date(of: summary) }
        let preferences = preferences()
        if let cacheKey, cacheKey != (preferences.dateStyle, preferences.sortOrder) { clearCache() }
        let shown: Date
        switch outlet {
        case .created: shown = summary.createdAt
        case .updated: shown = summary.updatedAt
        default: shown = preferences.sortOrder == .updated ? summary.updatedAt : summary.createdAt
        }
        let key = OtherDate(id: summary.id, outlet: outlet, format: format)
        if let cached = otherDateCache[key], cached.date == shown { return cached.text }
        if otherDateCache.count >= Self.cacheLimit { otherDateCache.removeAll(keepingCapacity: true) }
        let text = formatted(shown, format)
        otherDateCache[key] = (shown, text)
        cacheKey = (preferences.dateStyle, preferences.sortOrder)
        return text
    }

    private func formatted(_ shown: Date, _ format: LayoutDateFormat) -> String {
        switch format {
        case .preferred: return self.format(shown)
        case .short: return formatInStyle(shown, .short)
        case .long: return formatInStyle(shown, .iso)
        case .relative: return formatInStyle(shown, .relative)
        case .time: return String(formatInStyle(shown, .iso).suffix(5))
        }
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

    /// How wide a `fit` column is: measured on the rows for text, the widest of its format for dates.
    private func naturalWidth(ofColumn index: Int) -> Int {
        if measured[index] { return widest[index] }
        return layout.columns[index].items.reduce(0) { total, item in
            switch item.content {
            case .literal(let text): return total + text.displayWidth
            case .outlet:
                if item.type == .flag {
                    return total + item.prefix.displayWidth + (item.label ?? "*").displayWidth
                        + item.suffix.displayWidth
                }
                return total + Self.dateWidth(item.dateFormat, preferred: preferences().dateStyle)
                    + (item.label?.displayWidth ?? 0) + item.prefix.displayWidth + item.suffix.displayWidth
            }
        }
    }

    /// The widest date of a layout's format.
    static func dateWidth(_ format: LayoutDateFormat, preferred: DateStyle) -> Int {
        switch format {
        case .preferred: return dateWidth(preferred)
        case .short: return dateWidth(.short)
        case .long: return dateWidth(.iso)
        case .relative: return dateWidth(.relative)
        case .time: return 5
        }
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
