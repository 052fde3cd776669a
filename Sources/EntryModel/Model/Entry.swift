import Foundation

/// One entry: a note or journal item, as stored in the database.
///
/// Text fields are kept byte for byte as given (including control characters); it is the UI's job to
/// show them safely.
public struct Entry: Identifiable, Hashable, Sendable, Codable {
    /// The database row id, assigned on insert.
    public var id: Int64
    /// The entry's title, shown in the list; may be empty.
    public var title: String
    /// The entry's text, Markdown as the person wrote it; it may be
    /// megabytes long, which is why lists read ``EntrySummary``.
    public var body: String
    /// Free text shown on the "more details" scene.
    public var moreDetails: String
    /// The entry's tags as spelt when given; `Work` and `work` are one tag (``TagKey``).
    public var tags: [String]
    /// When the entry was created, kept to the millisecond; imports keep the original date.
    public var createdAt: Date
    /// When the entry was last changed; the store moves it forward on every update.
    public var updatedAt: Date
    /// Marked by its writer as one to find again (jrnl's `starred`, Day One's `starred`). A field of
    /// its own, not a tag: changing it is an ordinary ``EntryRepository/update(_:)``.
    public var starred: Bool

    /// Creates an entry as read from a store; stores call it, code that adds an entry inserts an ``EntryDraft``.
    public init(
        id: Int64, title: String, body: String = "", moreDetails: String = "", tags: [String] = [],
        createdAt: Date, updatedAt: Date, starred: Bool = false
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.moreDetails = moreDetails
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.starred = starred
    }
}

extension Entry {
    private enum CodingKeys: String, CodingKey {
        case id, title, body, moreDetails, tags, createdAt, updatedAt, starred
    }

    /// Reads what `EntryJSONWriter` writes: `starred` only when true, so absent means false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
            body: try container.decode(String.self, forKey: .body),
            moreDetails: try container.decode(String.self, forKey: .moreDetails),
            tags: try container.decode([String].self, forKey: .tags),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt),
            starred: try container.decodeIfPresent(Bool.self, forKey: .starred) ?? false)
    }
}
