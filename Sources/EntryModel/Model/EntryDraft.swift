import Foundation

/// The fields of an entry that is not stored yet (no id). Insert one to get an ``Entry``.
///
/// `createdAt` and `updatedAt` are optional so that imports can keep their original dates; when nil,
/// the store uses the time of insertion.
public struct EntryDraft: Hashable, Sendable, Codable {
    /// The entry's title; may be empty.
    public var title: String
    /// The entry's text, Markdown as written.
    public var body: String
    /// Free text for the "more details" scene.
    public var moreDetails: String
    /// The entry's tags, as spelt; `Work` and `work` are one tag (``TagKey``).
    public var tags: [String]
    /// The creation time to keep (an import's original date); nil: the time of insertion.
    public var createdAt: Date?
    /// The last change time to keep (an import's original date); nil: the time of insertion.
    public var updatedAt: Date?
    /// See ``Entry/starred``.
    public var starred: Bool

    /// Creates a draft; everything but the title may be left out.
    public init(
        title: String, body: String = "", moreDetails: String = "", tags: [String] = [],
        createdAt: Date? = nil, updatedAt: Date? = nil, starred: Bool = false
    ) {
        self.title = title
        self.body = body
        self.moreDetails = moreDetails
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.starred = starred
    }
}
