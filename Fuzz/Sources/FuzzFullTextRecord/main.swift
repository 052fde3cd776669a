// The FTS5 record decoder of the search ranking (SQLiteStore `FullTextDocsizeRecord`, which
// `entries_rank` runs on every row's `entryFTS_docsize` record it scores): a journal file from a
// stranger, or a damaged one, holds whatever bytes it likes there.
//
// What must hold for every record:
// - it is read as the record format says, checked against a reading written here from SQLite's varint
//   format (big-endian groups of 7 bits, a high bit set on every byte but the last, the ninth byte
//   whole): a count when the record is 1 to 64 varints each at most `Int32.max`, nil otherwise (the
//   ranking then falls back to FTS5's own read), never a count read past the record's end;
// - the columns of a record that reads, written back as shortest varints, read to the same count.
//
// The record is libFuzzer's own buffer, of its exact size, so AddressSanitizer reports a read past it.
import FuzzSupport
import SQLiteStore

/// libFuzzer's entry point: reads the input as a docsize record and checks it against the reference reading.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let read = FullTextDocsizeRecord.tokenCount(UnsafeRawBufferPointer(start: start, count: count))
    let record = Array(UnsafeRawBufferPointer(start: start, count: count))
    let columns = referenceColumns(record)
    let expected: Int64? = columns.flatMap { columns in
        guard !columns.isEmpty, columns.count <= 64, columns.allSatisfy({ $0 <= UInt64(Int32.max) }) else { return nil }
        return columns.reduce(0) { $0 + Int64($1) }
    }
    fuzzCheck(
        read == expected,
        "the record \(record) read as \(String(describing: read)), expected \(String(describing: expected))")
    if let columns, expected != nil {
        let shortest = columns.flatMap(shortestVarint)
        let again = shortest.withUnsafeBytes { FullTextDocsizeRecord.tokenCount($0) }
        fuzzCheck(again == expected, "the columns \(columns) written back read as \(String(describing: again))")
    }
    return 0
}

/// The varints of `record`, or nil when the last one is cut short.
func referenceColumns(_ record: [UInt8]) -> [UInt64]? {
    var columns: [UInt64] = []
    var position = 0
    while position < record.count {
        var value: UInt64 = 0
        var used = 0
        var complete = false
        while position + used < record.count {
            let byte = record[position + used]
            used += 1
            if used == 9 {
                value = value << 8 | UInt64(byte)
                complete = true
                break
            }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte < 0x80 {
                complete = true
                break
            }
        }
        guard complete else { return nil }
        columns.append(value)
        position += used
    }
    return columns
}

/// `value` as the shortest varint that holds it (values here are at most `Int32.max`: five bytes).
func shortestVarint(_ value: UInt64) -> [UInt8] {
    var groups: [UInt8] = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest != 0 {
        groups.append(UInt8(rest & 0x7F) | 0x80)
        rest >>= 7
    }
    return groups.reversed()
}
