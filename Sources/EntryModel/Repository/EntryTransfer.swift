import Foundation

/// Copies or moves chosen entries from one store (a journal) into another, all or nothing: after a
/// failure anywhere, both stores hold what they held before. Entries keep their texts, tags, stars
/// and dates; the destination gives them new ids (an id belongs to its journal).
///
/// How a move stays whole across two databases that share no transaction: the entries are written
/// into the destination's open transaction, the source removes them in a transaction of its own
/// (``EntryRemoval``), and only then does the destination commit. Any failure before that last
/// commit rolls both back. Should the destination's commit itself fail (a disk full or a server lost
/// at that instant), the entries are put back into the source (with new ids) and
/// ``EntryTransferError/putBack(reason:)`` says so; should that fail too,
/// ``EntryTransferError/notPutBack(entries:reason:putBackFailure:)`` hands the entries to the caller
/// to keep in a file. An entry is never in neither place without being handed back. (A store that
/// gathers the batches before its transaction, as ``InMemoryEntryRepository`` and an SQLite database
/// in memory do, runs the removal first: a failure of its write then puts the entries back.)
public struct EntryTransfer {
    /// Copy leaves the entries where they are; move takes them out of the source.
    public enum Mode: Sendable {
        case copy
        case move
    }

    /// The journal the entries are read from, and put back into when a move's destination fails to commit.
    public let source: any EntryRepository
    /// The journal the entries are written into, with new ids.
    public let destination: any EntryRepository
    /// How the source removes entries for good: needed for ``Mode/move``.
    public let sourceRemoval: (any EntryRemoval)?

    /// A transfer from `source` to `destination`; `sourceRemoval` (how the source removes entries for good) is
    /// needed only to move.
    public init(source: any EntryRepository, destination: any EntryRepository, sourceRemoval: (any EntryRemoval)? = nil)
    {
        self.source = source
        self.destination = destination
        self.sourceRemoval = sourceRemoval
    }

    /// Copies or moves the entries with these ids (each once, in the order given) and returns them
    /// as the source held them. An id of no entry of the source is ``EntryStoreError/notFound(id:)``
    /// before anything is written.
    @discardableResult
    public func run(ids: [Int64], mode: Mode) throws -> [Entry] {
        var seen = Set<Int64>()
        let wanted = ids.filter { seen.insert($0).inserted }
        let found = Dictionary(
            try source.entries(ids: wanted).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = try wanted.map { id in
            guard let entry = found[id] else { throw EntryStoreError.notFound(id: id) }
            return entry
        }
        guard !entries.isEmpty else { return [] }
        let drafts = entries.map(Self.draft)
        var removal: (any EntryRemoval)?
        if mode == .move {
            guard let sourceRemoval else { throw EntryStoreError.other("the journal moved from cannot remove entries") }
            removal = sourceRemoval
        }
        var removedFromSource = false
        do {
            try destination.insert(
                batchesFrom: { write in
                    try write(drafts)
                    // Inside the destination's transaction: if the source cannot remove them, the
                    // destination rolls back too.
                    if let removal {
                        try removal.remove(ids: wanted)
                        removedFromSource = true
                    }
                }, progress: nil)
        } catch {
            guard removedFromSource else { throw error }
            do {
                try source.insert(contentsOf: drafts, progress: nil)
            } catch let putBackFailure {
                throw EntryTransferError.notPutBack(entries: entries, reason: error, putBackFailure: putBackFailure)
            }
            throw EntryTransferError.putBack(reason: error)
        }
        return entries
    }

    /// The entry as a draft for another store: everything but its id.
    static func draft(_ entry: Entry) -> EntryDraft {
        EntryDraft(
            title: entry.title, body: entry.body, moreDetails: entry.moreDetails, tags: entry.tags,
            createdAt: entry.createdAt, updatedAt: entry.updatedAt, starred: entry.starred)
    }
}

/// A move whose destination failed to commit after the source had removed the entries.
public enum EntryTransferError: Error, CustomStringConvertible {
    /// The destination failed at its commit; the entries are back in the source, with new ids, and
    /// the destination holds none of them.
    case putBack(reason: any Error)
    /// The destination failed at its commit and putting the entries back into the source failed
    /// too: `entries` are in neither store, and the caller must keep them (in a file).
    case notPutBack(entries: [Entry], reason: any Error, putBackFailure: any Error)

    /// The message shown to the person: what failed and where the entries are now.
    public var description: String {
        switch self {
        case .putBack(let reason):
            return "\(reason); nothing was moved (the entries are back in the journal they came from, with new ids)"
        case let .notPutBack(entries, reason, putBackFailure):
            return
                "\(reason), and putting the \(entries.count == 1 ? "entry" : "\(entries.count) entries") back failed too: \(putBackFailure)"
        }
    }
}
