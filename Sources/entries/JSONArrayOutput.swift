import EntryInterchange
import EntryModel

/// Writes a JSON array to standard output one element at a time (the layout of the JSON export: one
/// object per line), so `list --json` on a million entries streams.
struct JSONArrayOutput {
    private var buffer: [UInt8] = [UInt8(ascii: "[")]
    private var count = 0

    mutating func append(_ summary: EntrySummary) throws {
        separate()
        EntryJSONWriter.append(summary, to: &buffer)
        try flushIfLarge()
    }

    mutating func append(_ entry: Entry) throws {
        separate()
        EntryJSONWriter.append(entry, to: &buffer)
        try flushIfLarge()
    }

    /// Closes the array and writes what is left.
    mutating func finish() throws {
        buffer.append(contentsOf: count == 0 ? Array("]\n".utf8) : Array("\n]\n".utf8))
        try StandardStreams.writeOutput(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll()
    }

    private mutating func separate() {
        buffer.append(contentsOf: count == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
        count += 1
    }

    private mutating func flushIfLarge() throws {
        guard buffer.count >= 64 * 1024 else { return }
        try StandardStreams.writeOutput(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
    }
}
