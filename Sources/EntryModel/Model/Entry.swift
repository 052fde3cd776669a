import Foundation

/// One entry: a note or journal item, as stored in the database.
///
/// Text fields are kept byte for byte as given (including control characters); it is the UI's job to
/// show them safely.
public struct Entry: Identifiable, Hashable, Sendable, Codable {
    /// The database row id, assigned on insert.
    public var id: Int64
    public var title: String
    public var body: String
    /// Free text shown on the "more details" scene.
    public var moreDetails: String
    public var tags: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: Int64, title: String, body: String = "", moreDetails: String = "", tags: [String] = [],
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.moreDetails = moreDetails
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
