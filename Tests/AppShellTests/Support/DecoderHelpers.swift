import AppShell
import AppShellTesting

/// Decodes `bytes` in one read, then flushes as the run loop does after the Esc timeout.
func decodeAll(_ bytes: [UInt8], pasteLimit: Int = InputDecoder.defaultPasteLimit) -> [Key] {
    var decoder = InputDecoder(pasteLimit: pasteLimit)
    return decoder.decode(bytes) + decoder.flushPending()
}

/// Decodes `bytes` cut into the given chunks (no timeout between them), then flushes.
func decodeChunked(_ bytes: [UInt8], cuts: [Int]) -> [Key] {
    var decoder = InputDecoder()
    var keys: [Key] = []
    var start = 0
    for cut in cuts.sorted() where cut > start && cut < bytes.count {
        keys += decoder.decode(bytes[start..<cut])
        start = cut
    }
    keys += decoder.decode(bytes[start...])
    return keys + decoder.flushPending()
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
