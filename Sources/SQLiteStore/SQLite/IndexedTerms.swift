import Foundation
import GRDB

/// The terms of the full-text index that start with a prefix, read from the index's own pages: a few
/// B-tree seeks and a few pages per segment, microseconds at any size.
///
/// FTS5 keeps `entryFTS` as segments (b-trees of terms and their lists of entries). Their leaves are
/// rows of `entryFTS_data`, and `entryFTS_idx` holds, for each leaf where a term starts, a key no
/// greater than its first term (and greater than every term of the leaves before). So the terms
/// starting with `p` are on the last leaf whose key is ≤ `p` and on the leaves whose key starts with
/// `p`; each leaf ends with a footer of where its terms start, so no list of entries is decoded.
/// The format is FTS5's version 4 (`entryFTS_config`), described in SQLite's `fts5_index.c`; any
/// other version, or a page that does not parse, gives nil and the caller keeps the prefix query.
///
/// A term stays in the index after its last entry is deleted or edited away, until segments are
/// merged: the terms found are all the index's terms with the prefix, and perhaps a few more that
/// match nothing.
enum IndexedTerms {
    /// The FTS5 data format this reader knows.
    static let formatVersion: Int64 = 4
    /// Leaves (and segments) read at most for one prefix: a few per segment, and a few dozen
    /// segments, are the rule, so more means an index not made by FTS5 (a file from someone else),
    /// and the caller keeps the prefix query.
    static let maximumLeaves = 2_000

    /// The terms starting with `prefix` (a term as the tokenizer makes it), sorted, at most `limit`
    /// of them; nil when there are more, or when the index cannot be read this way.
    static func starting(with prefix: String, in db: Database, limit: Int) throws -> [String]? {
        guard
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT v FROM entryFTS_config WHERE k = 'version'"))
                == formatVersion
        else {
            return nil
        }
        // Every term in the index starts with '0' (the main index; '1'… are prefix indexes).
        let low = Data([UInt8(ascii: "0")] + Array(prefix.utf8))
        // No UTF-8 text holds the byte 0xFF: every key starting with `low` sorts before this.
        let high = low + Data([0xFF])
        var found = Set<Data>()
        var segment: Int64 = -1
        var leavesRead = 0
        let nextSegment = try db.cachedStatement(sql: "SELECT min(segid) FROM entryFTS_idx WHERE segid > ?")
        let firstLeaf = try db.cachedStatement(
            sql: """
                SELECT pgno FROM entryFTS_idx WHERE segid = ? AND term <= ? ORDER BY term DESC LIMIT 1
                """)
        let laterLeaves = try db.cachedStatement(
            sql: """
                SELECT pgno FROM entryFTS_idx WHERE segid = ? AND term > ? AND term < ? ORDER BY term
                """)
        let leaf = try db.cachedStatement(sql: "SELECT block FROM entryFTS_data WHERE id = ?")
        var segments = 0
        while let next = try Int64.fetchOne(nextSegment, arguments: [segment]) {
            segment = next
            segments += 1
            if segments > maximumLeaves { return nil }
            // pgno holds the page number shifted left by one (the low bit flags a doclist index).
            var pages = try Int64.fetchAll(firstLeaf, arguments: [segment, low])
            let later = try Int64.fetchCursor(laterLeaves, arguments: [segment, low, high])
            while true {
                guard let page = try pages.popLast() ?? later.next() else { break }
                leavesRead += 1
                if leavesRead > maximumLeaves { return nil }
                guard let block = try Data.fetchOne(leaf, arguments: [leafRowid(segment: segment, page: page >> 1)]),
                    let terms = LeafTerms.terms(in: block)
                else { return nil }
                for term in terms where term.starts(with: low) {
                    found.insert(term)
                    if found.count > limit { return nil }
                }
            }
        }
        var completions: [String] = []
        for term in found {
            guard let text = String(data: term.dropFirst(), encoding: .utf8) else { return nil }
            completions.append(text)
        }
        return completions.sorted()
    }

    /// The `entryFTS_data` rowid of a leaf: `FTS5_SEGMENT_ROWID(segid, pgno)` (16 bits of segment,
    /// 1 bit of doclist index, 5 bits of height, 31 bits of page).
    static func leafRowid(segment: Int64, page: Int64) -> Int64 {
        (segment << 37) + page
    }
}

/// The terms on one leaf page of an FTS5 segment.
///
/// A leaf starts with two big-endian 16-bit numbers, the offset of its first rowid and the offset of
/// its footer; the footer lists, as varints, where each term starts (the first as an offset, the
/// others as differences). The first term of a leaf is written whole (a varint length and the bytes),
/// each other one as a varint count of bytes shared with the term before, a varint length, and the
/// new bytes.
enum LeafTerms {
    static func terms(in block: Data) -> [Data]? {
        let bytes = [UInt8](block)
        guard bytes.count >= 4 else { return nil }
        var footer = Int(bytes[2]) << 8 | Int(bytes[3])
        guard footer >= 4, footer <= bytes.count else { return nil }
        var terms: [Data] = []
        var previous: [UInt8] = []
        var offset = 0
        while footer < bytes.count {
            // Every number read here is checked against the page's size before it is used: a page
            // from someone else's file may hold any bytes (a varint can say 2^64 - 1).
            guard let delta = varint(bytes, &footer).flatMap({ Self.size($0, atMost: bytes.count) }),
                offset <= bytes.count - delta
            else { return nil }
            offset += delta
            var at = offset
            guard at >= 4, at < bytes.count else { return nil }
            var term: [UInt8]
            if terms.isEmpty {
                guard let length = varint(bytes, &at).flatMap({ Self.size($0, atMost: bytes.count - at) }) else {
                    return nil
                }
                term = Array(bytes[at..<at + length])
            } else {
                guard let shared = varint(bytes, &at).flatMap({ Self.size($0, atMost: previous.count) }),
                    let length = varint(bytes, &at).flatMap({ Self.size($0, atMost: bytes.count - at) })
                else { return nil }
                term = Array(previous[0..<shared]) + bytes[at..<at + length]
            }
            terms.append(Data(term))
            previous = term
        }
        return terms
    }

    /// `value` as a count of bytes, when it is at most `limit` (≥ 0), else nil.
    static func size(_ value: UInt64, atMost limit: Int) -> Int? {
        guard limit >= 0, value <= UInt64(limit) else { return nil }
        return Int(value)
    }

    /// SQLite's varint (7 bits a byte, high bit set on all but the last, a ninth byte of 8 bits),
    /// read at `index`, which moves past it; nil when the bytes end first.
    static func varint(_ bytes: [UInt8], _ index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for _ in 0..<8 {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            value = value << 7 | UInt64(byte & 0x7F)
            if byte < 0x80 { return value }
        }
        guard index < bytes.count else { return nil }
        value = value << 8 | UInt64(bytes[index])
        index += 1
        return value
    }
}
