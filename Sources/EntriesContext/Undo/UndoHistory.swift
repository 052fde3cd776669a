import EntryModel

/// The changes the context made to the entries since the app started, newest last: what `undo` takes
/// back, one at a time. It holds no entries' storage, only what undo needs to write them back, and
/// lives in memory: a change is committed to the store before it is recorded here, so a process killed
/// between the two loses only the chance to undo (a deleted entry is still in the trash).
@MainActor
final class UndoHistory {
    /// A change, as undo needs it.
    enum Change: Equatable {
        /// An entry was added; undo moves it to the trash.
        case added(Entry)
        /// An entry was stored over `before` as `after` (an edit, a tag change, a star): undo writes
        /// `before`'s fields back over `after`'s version. `what` names the change ("edit", "star").
        case updated(before: Entry, after: Entry, what: String)
        /// An entry was moved to the trash; undo restores it (same id, dates and tags).
        case deleted(EntrySummary)
    }

    /// How many changes are kept; older ones are forgotten first (an edit keeps two whole entries).
    let limit: Int
    private(set) var changes: [Change] = []

    init(limit: Int = 1_000) {
        self.limit = max(1, limit)
    }

    var isEmpty: Bool { changes.isEmpty }

    /// Records a change the store has committed.
    func record(_ change: Change) {
        if changes.count >= limit { changes.removeFirst(changes.count - limit + 1) }
        changes.append(change)
    }

    /// Takes the newest change off the history (nil when there is none).
    func takeLast() -> Change? {
        changes.popLast()
    }

    /// An undo wrote `entry` back as the newest change still recorded for it had left it: that change
    /// now expects `entry`'s version (an undo is itself a new version), so it can be undone in turn.
    /// When the entry differs from what that change left (someone else changed it in between), the
    /// change keeps its version, and undoing it is refused rather than losing their change.
    func entryWasWrittenBack(_ entry: Entry) {
        guard let index = changes.lastIndex(where: { $0.entryID == entry.id }) else { return }
        switch changes[index] {
        case let .updated(before, after, what) where Self.sameFields(after, entry):
            changes[index] = .updated(before: before, after: entry, what: what)
        case .added(let added) where Self.sameFields(added, entry):
            changes[index] = .added(entry)
        case .added, .updated, .deleted:
            break
        }
    }

    /// Equal in every field but the version (`updatedAt`).
    private static func sameFields(_ left: Entry, _ right: Entry) -> Bool {
        var left = left
        left.updatedAt = right.updatedAt
        return left == right
    }
}

extension UndoHistory.Change {
    /// The id of the entry the change is about.
    var entryID: Int64 {
        switch self {
        case .added(let entry): return entry.id
        case .updated(_, let after, _): return after.id
        case .deleted(let summary): return summary.id
        }
    }
}
