/// The orders the UI offers for the list of entries. Every order is total (ties are broken by id), so
/// that keyset pagination never skips or repeats a row.
public enum EntrySortOrder: String, CaseIterable, Sendable, Codable {
    /// Newest created first: `createdAt DESC, id DESC`.
    case newest
    /// Oldest created first: `createdAt ASC, id ASC`.
    case oldest
    /// Title A–Z, case-insensitive: `title COLLATE NOCASE ASC, id ASC`.
    case title
    /// Recently updated first: `updatedAt DESC, id DESC`.
    case updated
}
