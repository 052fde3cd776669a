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
    private(set) var state: EntryLoadState
    let textView: TextView
    /// The entries linking to this one, newest first, and the one selected.
    var backlinks = EntryBacklinks()

    init(entry: EntrySummary, context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.context = context
        self.environment = environment
        self.entry = entry
        self.state = .load(id: entry.id, from: environment.repository)
        self.textView = TextView(text: "", theme: environment.theme)
        backlinks = EntryBacklinks(of: entry.id, repository: environment.repository)
        textView.text = text(for: state)
        environment.addObserver(self)
    }

    /// The entry shown, offered to segues leaving this scene (so details may follow more details);
    /// nil once it was deleted.
    var currentSummary: EntrySummary? {
        if case .missing = state { return nil }
        return state.entry?.summary ?? entry
    }

    func render(into buffer: inout Buffer, area: Rect) {
        textView.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        textView.handle(key)
    }


    /// The more details (what the user came for), a blank line, then the metadata. Fields from data
    /// that sit on one line of this text (tags) are sanitized here, so a newline inside a tag cannot
    /// start a fake line.
    private func text(for state: EntryLoadState) -> String {
        guard let entry = state.entry else { return state.problem ?? "" }
        let tags = entry.tags.isEmpty ? "none" : "\(entry.tags.count) (\(TextSanitizer.sanitized(EntryText.tags(entry.tags))))"
        let fields = [
            ("Title", TextSanitizer.sanitized(entry.title)),
            ("Id", String(entry.id)),
            ("Created", timestamp(entry.createdAt)),
            ("Updated", timestamp(entry.updatedAt)),
            ("Title size", Self.size(of: entry.title)),
            ("Body", Self.size(of: entry.body)),
            ("More details", Self.size(of: entry.moreDetails)),
            ("Tags", tags),
        ]
        let labelWidth = fields.map(\.0.count).max() ?? 0
        let lines = fields.map { label, value in label + String(repeating: " ", count: labelWidth - label.count + 2) + value }
        let details = entry.moreDetails.isEmpty ? "No more details." : entry.moreDetails
        return details + "\n\n" + lines.joined(separator: "\n") + backlinks.text(format: environment.format)
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
        if readingBacklinks { backlinks = EntryBacklinks(of: entryID, keeping: backlinks, repository: environment.repository) }
        textView.text = text(for: state)
    }
}
