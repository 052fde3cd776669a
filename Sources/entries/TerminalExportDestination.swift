import AppShell
import EntryInterchange
import EntryModel

/// An export on its way to a terminal: each chunk made visible (line breaks and tabs kept) before it
/// is written, so a Markdown or CSV export read on screen cannot retitle the terminal or write its
/// clipboard. Exports to files and pipes do not come here: they keep every byte.
///
/// Chunks are bytes and may end inside a UTF-8 sequence; those last bytes wait for the next chunk.
struct TerminalExportDestination: ExportDestination {
    var terminal: any ExportDestination
    private var pending: [UInt8] = []

    init(terminal: any ExportDestination) {
        self.terminal = terminal
    }

    mutating func write(_ bytes: [UInt8]) throws {
        var chunk = pending + bytes
        let complete = Self.completeLength(of: chunk)
        pending = Array(chunk[complete...])
        chunk.removeSubrange(complete...)
        let text = String(decoding: chunk, as: UTF8.self)
        try terminal.write(Array(TextSanitizer.sanitized(text, keepingLineBreaks: true).utf8))
    }

    /// How many leading bytes of `bytes` end on a UTF-8 sequence boundary (at most 3 are held back).
    static func completeLength(of bytes: [UInt8]) -> Int {
        var start = bytes.count
        // Walk back over at most three continuation bytes to the lead byte of the last sequence.
        while start > 0, bytes.count - start < 4 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.count - start >= length ? bytes.count : start
            }
        }
        return bytes.count
    }
}
