import EntryModel
import Foundation
import NIOCore

/// Rows of `COPY … FROM STDIN (FORMAT binary)` for the bulk insert: each field as its type's binary
/// form, so the server reads lengths instead of parsing text. Parsing the text form of a `tsvector`
/// (quotes, positions, then sorting the lexemes) was most of the server's work in a text `COPY`; the
/// binary form takes about a third of its time (50,000 rows: 0.33 s of server CPU instead of 0.79 s).
///
/// The columns, in order, are ``columns``. Lexemes are sent sorted byte for byte, the order the
/// server keeps them in, so it has nothing to sort; `PostgreSQLBulkRebuildTests` checks that the rows
/// hold what the single insert's text form holds.
///
/// See <https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4> (the file format) and
/// PostgreSQL's `array_send` and `tsvectorsend` for the two composite types.
enum BinaryCopyRow {
    static let columns = [
        "title", "body", "moreDetails", "tags", "titleKey", "titleLength", "createdAt", "updatedAt", "search",
        "starred", "words",
    ]

    /// The type of `bytea`, named in the array header.
    private static let byteaOID: UInt32 = 17
    /// The weight of each field's position in a `tsvector` (A = 3 … D = 0), in the top two bits.
    static let fieldWeights: [UInt16] = [3, 2, 1, 0]

    /// The signature, flags and (empty) header extension that start the stream.
    static func writeHeader(to buffer: inout ByteBuffer) {
        buffer.writeBytes(Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00])
        buffer.writeInteger(UInt32(0))
        buffer.writeInteger(UInt32(0))
    }

    /// The field count of -1 that ends the stream.
    static func writeTrailer(to buffer: inout ByteBuffer) {
        buffer.writeInteger(Int16(-1))
    }

    /// Writes drafts as rows, as ``StoredRow`` stores them, reusing its buffers from row to row (the
    /// search vector's above all: see ``SearchVectorWriter``).
    struct Writer {
        let now: Date
        /// Counts the rows' tags, when the fast path switched their trigger off.
        let tally: TagTally?
        private var search = SearchVectorWriter()

        init(now: Date, tally: TagTally?) {
            self.now = now
            self.tally = tally
        }

        mutating func write(_ draft: EntryDraft, to buffer: inout ByteBuffer) {
            let tags = TagList.normalize(draft.tags)
            tally?.add(tags)
            buffer.writeInteger(Int16(columns.count))
            text(draft.title, to: &buffer)
            text(draft.body, to: &buffer)
            text(draft.moreDetails, to: &buffer)
            array(tags, to: &buffer)
            let key = StoredTitleKey(draft.title)
            buffer.writeInteger(Int32(key.key.count))
            buffer.writeBytes(key.key)
            buffer.writeInteger(Int32(4))
            buffer.writeInteger(key.length)
            let createdAt = StoredDate.milliseconds(draft.createdAt ?? now)
            buffer.writeInteger(Int32(8))
            buffer.writeInteger(createdAt)
            buffer.writeInteger(Int32(8))
            buffer.writeInteger(draft.updatedAt.map(StoredDate.milliseconds) ?? createdAt)
            search.write(title: draft.title, tags: tags, moreDetails: draft.moreDetails, body: draft.body, to: &buffer)
            buffer.writeInteger(Int32(1))
            buffer.writeInteger(UInt8(draft.starred ? 1 : 0))
            buffer.writeInteger(Int32(4))
            buffer.writeInteger(Int32(clamping: WordCount.of(draft.body)))
        }

        /// Text as `bytea`, byte for byte (as ``EntryRows/bytes(_:)``).
        private func text(_ value: String, to buffer: inout ByteBuffer) {
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(Int32(0))
            let length = buffer.writeString(value)
            buffer.setInteger(Int32(length), at: lengthIndex)
        }

        /// A one-dimensional `bytea[]` without nulls (no dimension at all when empty, as the server sends it).
        private func array(_ elements: [String], to buffer: inout ByteBuffer) {
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(Int32(0))
            let start = buffer.writerIndex
            buffer.writeInteger(Int32(elements.isEmpty ? 0 : 1))  // dimensions
            buffer.writeInteger(Int32(0))  // no nulls
            buffer.writeInteger(byteaOID)
            if !elements.isEmpty {
                buffer.writeInteger(Int32(elements.count))
                buffer.writeInteger(Int32(1))  // lower bound
                for element in elements { text(element, to: &buffer) }
            }
            buffer.setInteger(Int32(buffer.writerIndex - start), at: lengthIndex)
        }
    }
}
