import EntryModel

/// The progress of `entries import` on standard error, one line rewritten in place: "Reading
/// notes.jsonl…", then "Importing… 45%", "Importing… building indexes", "Importing… saving". Only
/// made when standard error is a terminal, so that redirected output stays clean.
struct ImportProgress: Sendable {
    /// Files smaller than this are read in a blink: no "Reading" line.
    static let readingThreshold = 1 << 20

    /// Progress for reading a file of `byteCount` bytes, or nil when not worth showing.
    static func forReading(byteCount: Int) -> ImportProgress? {
        StandardStreams.errorIsTerminal && byteCount >= readingThreshold ? ImportProgress() : nil
    }

    /// Progress for storing `count` entries, or nil when not worth showing.
    static func forStoring(count: Int) -> ImportProgress? {
        StandardStreams.errorIsTerminal && count >= 1_000 ? ImportProgress() : nil
    }

    /// Progress for a streamed import of a file of `byteCount` bytes (nil: not known, as for standard
    /// input or a folder), or nil when not worth showing.
    static func forStreaming(byteCount: Int?) -> ImportProgress? {
        StandardStreams.errorIsTerminal && (byteCount ?? readingThreshold) >= readingThreshold ? ImportProgress() : nil
    }

    /// "Importing… 45%": how much of the file has been read and stored (its entries are stored as
    /// they are read), or "Importing…" when its size is not known.
    func showRead(_ bytes: Int, of total: Int?) {
        guard let total, total > 0 else { return write("Importing…") }
        write("Importing… \(min(99, bytes * 100 / total))%")
    }

    /// "Reading notes.jsonl…": the file's name (its last part, made safe).
    func showReading(_ source: String) {
        write("Reading " + TerminalText.visible(source.split(separator: "/").last.map(String.init) ?? source) + "…")
    }

    func show(_ progress: BulkInsertProgress) {
        switch progress {
        case .writing(let done, let total): write("Importing… \(done * 100 / max(total, 1))%")
        case .indexing: write("Importing… building indexes")
        case .saving: write("Importing… saving")
        case .finished: break
        }
    }

    /// Erases the line.
    func clear() {
        StandardStreams.clearErrorLine()
    }

    /// Rewrites the line with `text`, cut to the terminal's width: a line that wrapped could not be
    /// rewritten in place.
    private func write(_ text: String) {
        let width = max(1, (StandardStreams.errorTerminalWidth() ?? 80) - 1)
        let line = TerminalText.width(text) > width ? TerminalText.fitted(text, width: width) : text
        StandardStreams.rewriteErrorLine(line)
    }
}
