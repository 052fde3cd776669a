import Foundation
import GRDB

/// The structure record of an FTS5 index: which segments the index is made of, on which level
/// (row 10 of its `_data` table, the format `fts5_index.c` describes above
/// `fts5StructureDecode`): a 4-byte cookie, then varints: the number of levels, of segments, the
/// write counter, and for each level the number of its segments in a merge under way, its number of
/// segments, and each segment's id, first page and last page, the oldest first. Newer levels are
/// lower: level 0 holds the newest, smallest segments.
///
/// This type reads and writes only that form. A record of another form (a newer SQLite's, with its
/// marker after the cookie and more fields per segment) is not understood, and nothing is changed.
struct FullTextStructure: Equatable {
    /// One segment: a b-tree of index pages, numbered `firstPage...lastPage`.
    struct Segment: Equatable {
        var id: Int
        var firstPage: Int
        var lastPage: Int

        /// How many pages it holds.
        var pages: Int { lastPage - firstPage + 1 }
    }

    /// One level: its segments, the oldest first, and how many of the first are inputs of a merge
    /// under way.
    struct Level: Equatable {
        var merging: Int
        var segments: [Segment]
    }

    /// Changed at every change of the record, so that other connections read it again.
    var cookie: UInt32
    /// FTS5's count of writes, kept as it is.
    var writeCounter: Int
    var levels: [Level]

    /// FTS5's `FTS5_MAX_LEVEL`: a record with more levels is not one of FTS5's.
    static let maximumLevels = 64

    /// How many segments of a level FTS5 merges into one on the level above (`automerge`, 4 by default).
    static let mergeWidth = 4

    /// The row of the `_data` table that holds the record (`FTS5_STRUCTURE_ROWID`).
    static let rowID: Int64 = 10

    /// A structure of these levels (the record written gets the cookie after `cookie`).
    init(cookie: UInt32, writeCounter: Int, levels: [Level]) {
        self.cookie = cookie
        self.writeCounter = writeCounter
        self.levels = levels
    }

    /// Reads `record`; nil when it is not exactly a record of the form described above.
    init?(record: [UInt8]) {
        guard record.count >= 4 else { return nil }
        cookie = record[0..<4].reduce(0) { $0 << 8 | UInt32($1) }
        var reader = VarintReader(bytes: record, offset: 4)
        guard let levelCount = reader.next(), let segmentCount = reader.next(), let writeCounter = reader.next(),
            (1...Self.maximumLevels).contains(levelCount)
        else { return nil }
        self.writeCounter = writeCounter
        levels = []
        var total = 0
        for _ in 0..<levelCount {
            guard let merging = reader.next(), let count = reader.next(), count <= record.count, merging <= count
            else { return nil }
            var segments: [Segment] = []
            for _ in 0..<count {
                guard let id = reader.next(), let first = reader.next(), let last = reader.next(), id > 0,
                    first > 0, last >= first - 1
                else { return nil }
                segments.append(Segment(id: id, firstPage: first, lastPage: last))
            }
            total += count
            levels.append(Level(merging: merging, segments: segments))
        }
        guard total == segmentCount, reader.offset == record.count else { return nil }
    }

    /// The record of this structure, with the next cookie.
    var record: [UInt8] {
        let next = cookie &+ 1
        var bytes: [UInt8] = [
            UInt8(next >> 24 & 0xFF), UInt8(next >> 16 & 0xFF), UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF),
        ]
        Self.append(levels.count, to: &bytes)
        Self.append(levels.reduce(0) { $0 + $1.segments.count }, to: &bytes)
        Self.append(writeCounter, to: &bytes)
        for level in levels {
            Self.append(level.merging, to: &bytes)
            Self.append(level.segments.count, to: &bytes)
            for segment in level.segments {
                Self.append(segment.id, to: &bytes)
                Self.append(segment.firstPage, to: &bytes)
                Self.append(segment.lastPage, to: &bytes)
            }
        }
        return bytes
    }

    /// The level a segment of `pages` pages reaches when FTS5 builds it by merging: each level's
    /// segments are about ``mergeWidth`` times the size of the level's below, so `pages` pages lie
    /// on the level `ceil(log4(pages))` (a one-page segment on level 0).
    static func naturalLevel(ofPages pages: Int) -> Int {
        var level = 0
        var size = 1
        while size < pages && level < maximumLevels - 1 {
            let (next, overflowed) = size.multipliedReportingOverflow(by: mergeWidth)
            level += 1
            if overflowed { break }  // past any count of pages
            size = next
        }
        return level
    }

    /// The structure with its oldest segment moved up to the level its size calls for, or nil when it
    /// is there already (or is being merged).
    ///
    /// A bulk build (an import, a rebuild) leaves one large segment on level 0 or 1. Single writes
    /// then add one-page segments beside it, and FTS5 merges a level when it holds 4 segments (a
    /// little at each write) and all at once at 16 (`crisismerge`): with the large segment on the
    /// same level, the 16th write after an import rewrote the whole index (at 1,000,000 entries
    /// 140 MB, 9-17 s, and the entry was lost to the query time limit). On its own level the large
    /// segment is merged only when the writes since have grown as large as it, as if FTS5 had built
    /// it by merging: the way its levels are meant to be.
    ///
    /// The oldest segment is the first of the highest populated level; the levels above it are
    /// empty, so moving it up keeps every segment older than those below it, as FTS5 requires.
    func raisingOldestSegment() -> FullTextStructure? {
        guard let top = levels.lastIndex(where: { !$0.segments.isEmpty }), levels[top].merging == 0,
            let oldest = levels[top].segments.first
        else { return nil }
        let target = Self.naturalLevel(ofPages: oldest.pages)
        guard target > top else { return nil }
        var raised = self
        raised.levels[top].segments.removeFirst()
        raised.levels.append(
            contentsOf: Array(repeating: Level(merging: 0, segments: []), count: target + 1 - levels.count))
        raised.levels[target].segments = [oldest]
        return raised
    }

    /// Appends `value` as SQLite writes a varint (`sqlite3PutVarint`): big-endian groups of 7 bits,
    /// each byte but the last with its high bit set. Values here are far below 2^56, the largest
    /// this form covers.
    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        precondition(value >= 0 && value < 1 << 56, "a structure value out of range")
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }
}

/// Reads SQLite varints (`sqlite3GetVarint`) one after another; nil past the end or for a value of
/// more than 8 bytes (no value of a structure record is that large).
private struct VarintReader {
    let bytes: [UInt8]
    var offset: Int

    mutating func next() -> Int? {
        var value = 0
        for _ in 0..<8 {
            guard offset < bytes.count else { return nil }
            let byte = bytes[offset]
            offset += 1
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}

extension FullTextStructure {
    /// Moves the oldest segment of the `entryFTS` index of `db` up to the level its size calls for
    /// (``raisingOldestSegment()``), in `db`'s transaction; returns whether it did. Nothing changes when
    /// the record is of a form this type does not read, or the segment is where it belongs.
    ///
    /// Call it where this connection's FTS5 holds no structure of its own in memory: after the index
    /// was made anew (``ScratchFullTextIndex/copy(from:into:tableDefinition:)``) or before any use of
    /// the index by the connection. FTS5 notices another connection's change by the cookie, not its
    /// own connection's, which would write its older structure back at its next write: nothing lost
    /// (the pages are the same), the segment back on its old level.
    @discardableResult
    static func raiseOldestSegment(in db: Database) throws -> Bool {
        let table = "\(EntrySchema.ftsTable)_data"
        guard let record = try Data.fetchOne(db, sql: "SELECT block FROM \(table) WHERE id = ?", arguments: [rowID]),
            let raised = FullTextStructure(record: Array(record))?.raisingOldestSegment()
        else { return false }
        // FTS5's tables are read-only to ordinary statements on a defensive connection.
        try ConnectionHardening.withoutDefensiveMode(db) {
            try db.execute(sql: "UPDATE \(table) SET block = ? WHERE id = ?", arguments: [Data(raised.record), rowID])
        }
        return true
    }
}
