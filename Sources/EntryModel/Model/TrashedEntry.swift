import Foundation

/// An entry in the trash: deleted, kept for a while (``TrashPolicy``) so that it can be restored.
public struct TrashedEntry: Hashable, Sendable {
    /// The entry as it was when it was deleted; restoring it gives back the same id.
    public var entry: Entry
    /// When it was deleted.
    public var deletedAt: Date

    /// Creates the trash record of `entry`, deleted at `deletedAt`.
    public init(entry: Entry, deletedAt: Date) {
        self.entry = entry
        self.deletedAt = deletedAt
    }
}

/// How long deleted entries stay in the trash.
public enum TrashPolicy {
    /// Days an entry stays in the trash by default.
    public static let defaultRetentionDays = 30

    /// The moment before which trashed entries are emptied away, `days` before `now`.
    public static func cutoff(days: Int = defaultRetentionDays, now: Date = Date()) -> Date {
        now.addingTimeInterval(-Double(max(0, days)) * 86_400)
    }
}
