import Foundation

/// What a list row needs of an entry: everything but the (possibly large) body and more details.
public struct EntrySummary: Identifiable, Hashable, Sendable, Codable {
    /// The entry's id, as in ``Entry/id``.
    public var id: Int64
    /// The entry's title, shown in the row.
    public var title: String
    /// The entry's tags, as spelt.
    public var tags: [String]
    /// When the entry was created; the list's default order.
    public var createdAt: Date
    /// When the entry was last changed.
    public var updatedAt: Date
    /// See ``Entry/starred``: the list shows a star.
    public var starred: Bool
    /// How many words the entry's body has (``WordCount``), kept by the store with every write so
    /// that a list row can show it without reading the body.
    public var words: Int

    /// Creates a summary as a store reads it; ``Entry`` has the same fields and more (its
    /// ``Entry/summary`` counts `words` from the body).
    public init(
        id: Int64, title: String, tags: [String], createdAt: Date, updatedAt: Date, starred: Bool = false,
        words: Int = 0
    ) {
        self.id = id
        self.title = title
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.starred = starred
        self.words = words
    }
}

extension EntrySummary {
    private enum CodingKeys: String, CodingKey {
        case id, title, tags, createdAt, updatedAt, starred, words
    }

    /// Reads what `EntryJSONWriter` writes: `starred` only when true, so absent means false; `words`
    /// from JSON that carries it (`entries list --json` does), else 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
            tags: try container.decode([String].self, forKey: .tags),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            updatedAt: try container.decode(Date.self, forKey: .updatedAt),
            starred: try container.decodeIfPresent(Bool.self, forKey: .starred) ?? false,
            words: try container.decodeIfPresent(Int.self, forKey: .words) ?? 0)
    }
}
