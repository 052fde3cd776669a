/// The orders the UI offers for the list of entries. Every order is total (ties are broken by id), so
/// that keyset pagination never skips or repeats a row.
public enum EntrySortOrder: String, CaseIterable, Sendable, Codable {
    /// Newest created first: `createdAt DESC, id DESC`.
    case newest
    /// Oldest created first: `createdAt ASC, id ASC`.
    case oldest
    /// Title A–Z ignoring case and accents, numbers by value (`9 things` before `10 things`):
    /// ``TitleSortKey`` ascending, then id.
    case title
    /// Recently updated first: `updatedAt DESC, id DESC`.
    case updated
}
