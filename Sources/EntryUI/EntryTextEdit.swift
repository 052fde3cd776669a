import EntryModel
import Foundation

/// Saving an entry the user edited as text (`EntryTextFormat`): the one use case behind the app's
/// editor key and `entries edit`, so both decide alike what is a change and what is refused.
///
/// The editor may stay open for minutes; another program (another terminal, an import, another user
/// of a shared store) may change or delete the entry meanwhile. The last writer does not silently win:
/// when the stored entry is no longer the one the editing started from, the save is refused with
/// ``EntryEditRefusal/changedMeanwhile(_:)`` or ``EntryEditRefusal/deletedMeanwhile(id:title:)``,
/// naming the entry, and the caller keeps the user's text for another try.
public struct EntryTextEdit: Sendable {
    /// The entry as it was when the editor opened.
    public let original: Entry
    /// The zone of the text's `Date:` line.
    public let timeZone: TimeZone

    /// Starts an edit of `original`, the entry as read when the editor opened, with dates read in `timeZone`.
    public init(original: Entry, timeZone: TimeZone = .current) {
        self.original = original
        self.timeZone = timeZone
    }

    /// What a save did.
    public enum Outcome: Equatable, Sendable {
        /// The text says what the entry already says (line ends aside): nothing was written.
        case unchanged
        /// The entry was stored as this.
        case saved(Entry)
    }

    /// The text the editor opens with.
    public var text: String { EntryTextFormat.renderForEditor(original, timeZone: timeZone) }

    /// Parses `text` and stores it over the entry, unless the entry changed in `repository` since the
    /// edit began. Throws ``EntryEditRefusal``; nothing is written then.
    public func save(_ text: String, in repository: any EntryRepository) throws(EntryEditRefusal) -> Outcome {
        let draft: EntryDraft
        do {
            draft = try EntryTextFormat.parse(text, dates: DatePhraseReader(now: Date(), timeZone: timeZone))
        } catch {
            throw .notAnEntry(reason: String(describing: error))
        }
        guard let changed = changedEntry(from: draft) else { return .unchanged }
        do {
            guard let current = try repository.entry(id: original.id) else {
                throw EntryEditRefusal.deletedMeanwhile(id: original.id, title: original.title)
            }
            guard Self.sameText(current, original), current.updatedAt == original.updatedAt else {
                throw EntryEditRefusal.changedMeanwhile(current)
            }
            return .saved(try repository.update(changed))
        } catch let refusal as EntryEditRefusal {
            throw refusal
        } catch {
            throw .notSaved(reason: String(describing: error))
        }
    }

    /// The original with the fields `draft` (the parsed text) gives, or nil when the text says what
    /// the entry already says (line ends aside, the date to the minute the `Date:` line shows).
    public func changedEntry(from draft: EntryDraft) -> Entry? {
        var changed = original
        changed.title = draft.title
        changed.body = draft.body
        changed.moreDetails = draft.moreDetails
        // The tags the text still gives keep their places: an edit of the words reorders nothing.
        changed.tags = TextTags.keepingOrder(TagList.normalize(draft.tags), of: original.tags)
        // The Date line shows the minute: left as it was, the entry keeps its date to the millisecond.
        if let date = draft.createdAt,
            EntryTextFormat.dateLine(date, timeZone: timeZone)
                != EntryTextFormat.dateLine(original.createdAt, timeZone: timeZone)
        {
            changed.createdAt = date
        }
        guard !Self.sameText(changed, original) || changed.createdAt != original.createdAt else { return nil }
        return changed
    }

    /// Compares byte for byte: `String ==` would call "é" and "e\u{301}" equal.
    static func sameText(_ left: Entry, _ right: Entry) -> Bool {
        left.title.utf8.elementsEqual(right.title.utf8) && left.body.utf8.elementsEqual(right.body.utf8)
            && left.moreDetails.utf8.elementsEqual(right.moreDetails.utf8)
            && left.tags.count == right.tags.count
            && zip(left.tags, right.tags).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }
}

/// Why an edited entry was not saved, in words the user can act on. In every case the entry stays as
/// it is stored and the caller keeps the user's text.
public enum EntryEditRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not an entry (an empty title, say).
    case notAnEntry(reason: String)
    /// Someone else saved the entry while it was being edited; this is how it is stored now.
    case changedMeanwhile(Entry)
    /// Someone else deleted the entry while it was being edited.
    case deletedMeanwhile(id: Int64, title: String)
    /// The store refused the write (read-only, locked, gone).
    case notSaved(reason: String)

    /// Why the edit was not saved, naming the entry when another program changed or deleted it.
    public var description: String {
        switch self {
        case .notAnEntry(let reason):
            return "the edited text is not an entry: \(reason)"
        case .changedMeanwhile(let current):
            return "\(EntryText.quoted(current.title)) (entry \(current.id)) was changed by another program "
                + "while you were editing (saved \(DateStyle.iso.format(current.updatedAt, now: current.updatedAt, timeZone: .current)))"
        case let .deletedMeanwhile(id, title):
            return "\(EntryText.quoted(title)) (entry \(id)) was deleted by another program while you were editing"
        case .notSaved(let reason):
            return "not saved: \(reason)"
        }
    }
}
