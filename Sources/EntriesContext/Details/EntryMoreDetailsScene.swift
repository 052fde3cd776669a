import AppShell
import Foundation
import EntryModel
import EntryUI

/// An entry's more-details text and its metadata (its whole title, id, full timestamps with the zone's
/// offset, sizes, tags), then the entries that link to it, newest first (one can be selected and
/// opened: `EntryMoreDetailsScene+Backlinks.swift`), scrollable.
@MainActor
final class EntryMoreDetailsScene: Scene, EntriesObserver, ThemeAdoptingScene {
    let title: String
    let context: StoryboardSceneContext
    let environment: EntriesEnvironment
    private let entry: EntrySummary
    private var entryID: Int64 { entry.id }
    private(set) var state: EntryLoadState {
        didSet { loadedSummary = state.entry?.summary }
    }
    /// The loaded entry's summary, made once per read: making it counts the words of the whole body.
    private var loadedSummary: EntrySummary?
    let textView: TextView
    /// The entries linking to this one, newest first, and the one selected.
    var backlinks = EntryBacklinks()
    /// The line of the text where the entries linking here begin (``EntryBacklinks/text(format:)``).
    private(set) var backlinksStartLine = 0

    init(entry: EntrySummary, context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.context = context
        self.environment = environment
        self.entry = entry
        let state = EntryLoadState.load(id: entry.id, from: environment.repository)
        self.state = state
        self.loadedSummary = state.entry?.summary
        self.textView = TextView(text: "", theme: environment.theme)
        backlinks = EntryBacklinks(of: entry.id, repository: environment.repository)
        textView.text = text(for: state)
        environment.addObserver(self)
    }

    /// The entry shown, offered to segues leaving this scene (so details may follow more details);
    /// nil once it was deleted.
    var currentSummary: EntrySummary? {
        if case .missing = state { return nil }
        return loadedSummary ?? entry
    }

    func render(into buffer: inout Buffer, area: Rect) {
        textView.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        textView.handle(key)
    }

    /// The more details (what the user came for), a blank line, then the metadata, as the more details'
    /// layout places them (``EntryMoreDetailsLayout``), then the entries linking here. Values from data
    /// that sit on one line of this text (the title, tags) are sanitized here, so a newline inside a
    /// tag cannot start a fake line.
    private func text(for state: EntryLoadState) -> String {
        guard let entry = state.entry else { return state.problem ?? "" }
        let layout = environment.moreDetailsLayout
        // One scrollable text: the lines as text (the text view wraps them to the width).
        let lines = layout.lineTexts(
            width: LayoutLoader.maximumNumber, height: 4_000, sceneHeight: 400, theme: environment.theme
        ) { item in
            StyledText(value(of: item, for: entry))
        }.map(\.text.plainText)
        let details =
            layout.body == nil ? "" : (entry.moreDetails.isEmpty ? "No more details." : entry.moreDetails) + "\n\n"
        let above = details + lines.joined(separator: "\n")
        backlinksStartLine = above.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return above + backlinks.text(format: environment.format)
    }

    /// The value of one of the more details' outlets (`more` is the text above the lines, not a value).
    private func value(of item: LayoutItem, for entry: Entry) -> String {
        guard case .outlet(let index) = item.content, let outlet = EntryMoreDetailsOutlet(rawValue: index) else {
            return ""
        }
        switch outlet {
        case .star: return entry.starred ? "*" : ""
        case .title: return TextSanitizer.sanitized(entry.title)
        case .created: return environment.format(entry.createdAt, item.dateFormat)
        case .updated: return environment.format(entry.updatedAt, item.dateFormat)
        case .tags: return TextSanitizer.sanitized(EntryText.tags(entry.tags))
        case .id: return String(entry.id)
        case .words: return EntryText.count(loadedSummary?.words ?? EntryText.wordCount(entry.body))
        case .createdExact: return timestamp(entry.createdAt)
        case .updatedExact: return timestamp(entry.updatedAt)
        case .titleSize: return Self.size(of: entry.title)
        case .bodySize: return Self.size(of: entry.body)
        case .moreSize: return Self.size(of: entry.moreDetails)
        case .tagSummary:
            return entry.tags.isEmpty
                ? "none" : "\(entry.tags.count) (\(TextSanitizer.sanitized(EntryText.tags(entry.tags))))"
        case .more: return ""
        }
    }

    /// The whole instant with its zone's offset, then the preferred style when it is relative:
    /// `2026-04-01 14:03:22.123 +02:00 (Europe/Paris) · 3 days ago`.
    private func timestamp(_ date: Date) -> String {
        let full = FullTimestamp.text(date, timeZone: environment.timeZone)
        return environment.preferences.dateStyle == .relative ? "\(full) · \(environment.format(date))" : full
    }

    /// "1,234 bytes, 1,200 characters".
    static func size(of text: String) -> String {
        "\(EntryText.plural(text.utf8.count, "byte", "bytes")), \(EntryText.plural(text.count, "character", "characters"))"
    }

    func entriesDidChange(_ change: EntriesChange) {
        switch change {
        case .saved(let entry, _) where entry.id == entryID:
            state = .loaded(entry)
        case .deleted(let entry) where entry.id == entryID:
            state = .missing
        case .outside:
            state = .load(id: entryID, from: environment.repository)
        case .preferences:
            break  // dates are formatted again below
        case .saved, .deleted:
            break  // another entry: it may link here now, or no longer
        case .focus:
            return
        }
        showText()
    }

    /// The text again (with the entries linking here read again, unless only the selection moved).
    func showText(readingBacklinks: Bool = true) {
        if readingBacklinks {
            backlinks = EntryBacklinks(of: entryID, keeping: backlinks, repository: environment.repository)
        }
        textView.text = text(for: state)
    }
}
