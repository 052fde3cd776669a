import Foundation

/// What a list row needs of an entry: everything but the (possibly large) body and more details.
public struct EntrySummary: Identifiable, Hashable, Sendable, Codable {
    public var id: Int64
    public var title: String
    public var tags: [String]
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: Int64, title: String, tags: [String], createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
