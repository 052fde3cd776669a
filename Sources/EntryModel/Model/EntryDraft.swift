import Foundation

/// The fields of an entry that is not stored yet (no id). Insert one to get an ``Entry``.
///
/// `createdAt` and `updatedAt` are optional so that imports can keep their original dates; when nil,
/// the store uses the time of insertion.
public struct EntryDraft: Hashable, Sendable, Codable {
    public var title: String
    public var body: String
    public var moreDetails: String
    public var tags: [String]
    public var createdAt: Date?
    public var updatedAt: Date?
    /// See ``Entry/starred``.
    public var starred: Bool

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
