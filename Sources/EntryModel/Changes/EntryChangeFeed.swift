/// What another writer did to the store: the app refreshes what it shows when one arrives.
public struct EntryChange: Hashable, Sendable {
    /// What happened to the entries: added, changed or deleted.
    public enum Kind: String, Hashable, Sendable {
        case inserted, updated, deleted
    }

    /// What happened to the entries named by `ids`.
    public var kind: Kind
    /// The ids changed, at most the first hundred of one statement (a bulk import sends one change for
    /// all its rows; `ids` then holds its first hundred).
    public var ids: [Int64]

    /// Creates a change of `kind` to the entries `ids`.
    public init(kind: Kind, ids: [Int64]) {
        self.kind = kind
        self.ids = ids
    }
}

/// Changes made to a store by anyone — this process, another process, another user on another
/// machine — delivered as they are committed, without polling. The PostgreSQL store implements it
/// with `LISTEN`/`NOTIFY`; a store that cannot tell has none.
public protocol EntryChangeFeed: Sendable {
    /// Starts delivering changes to `handler`, on a background thread, until the returned
    /// subscription is cancelled (or released).
    func subscribe(_ handler: @escaping @Sendable (EntryChange) -> Void) throws -> any EntryChangeSubscription
}

/// A running subscription to an ``EntryChangeFeed``.
public protocol EntryChangeSubscription: AnyObject, Sendable {
    /// Stops the deliveries; no handler call starts after it returns.
    func cancel()
}
