import EntryModel
import Foundation

/// The formats `entries import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// The app's JSON: an array of entry objects (``EntryJSONFormat``).
    case json
    /// One entry object per line (``EntryJSONLinesFormat``).
    case jsonl
    /// The JSON of `jrnl --export json` (``JrnlJSONFormat``).
    case jrnl
    /// CSV with a header row (``EntryCSVFormat``).
    case csv
    /// The `Journal.json` of a Day One export (``DayOneJSONFormat``).
    case dayone

    /// The drafts in `data`, read as this format. jrnl dates are read in `timeZone`.
    public func drafts(from data: Data, timeZone: TimeZone = .current) throws(ImportError) -> [EntryDraft] {
        switch self {
        case .json: return try EntryJSONFormat.drafts(from: data)
        case .jsonl: return try EntryJSONLinesFormat.drafts(from: data)
        case .jrnl: return try JrnlJSONFormat.drafts(from: data, timeZone: timeZone)
        case .csv: return try EntryCSVFormat.drafts(from: data)
        case .dayone: return try DayOneJSONFormat.drafts(from: data)
        }
    }

    /// Hands each entry of the file in `window` to `sink` as a draft, read as this format, in file
    /// order and as it is read: memory holds a part of the file, whatever its size. Stops at the
    /// first problem of the file (an ``ImportError``) or the first error of `sink`, thrown as it was.
    public func read(
        _ window: ImportWindow, timeZone: TimeZone = .current, into sink: (EntryDraft) throws -> Void
    ) throws {
        switch self {
        case .json: try EntryJSONFormat.read(window, into: sink)
        case .jsonl: try EntryJSONLinesFormat.read(window, into: sink)
        case .jrnl: try JrnlJSONFormat.read(window, timeZone: timeZone, into: sink)
        case .csv: try EntryCSVFormat.read(window, into: sink)
        case .dayone: try DayOneJSONFormat.read(window, into: sink)
        }
    }

    /// The format of a file: from its extension (`.jsonl`/`.ndjson`, `.csv`), else from its content.
    /// A `.json` file is the app's JSON or a jrnl export, told apart by content.
    /// Pass nil as `path` for standard input.
    public static func detect(path: String?, content: Data) -> ImportFormat {
        switch path.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
        case "jsonl", "ndjson": return .jsonl
        case "csv": return .csv
        // Ours or jrnl's, by content; content that is neither (an empty file, say) is still read as
        // JSON, so that the error speaks of JSON, as the name does.
        case "json":
            let sniffed = sniff(content)
            return sniffed == .csv ? .json : sniffed
        default: return sniff(content)
        }
    }

    /// The format by content: `[` → JSON, `{` → Day One when its first 64 kB hold a `creationDate`,
    /// JSON Lines when the first line is a whole object without an `entries` field, otherwise jrnl;
    /// anything else → CSV.
    public static func sniff(_ content: Data) -> ImportFormat {
        content.withUnsafeBytes { raw -> ImportFormat in
            let bytes = raw.bindMemory(to: UInt8.self)
            var parser = JSONParser(bytes: bytes, index: ImportText.hasByteOrderMark(bytes) ? 3 : 0)
            parser.skipWhitespace()
            switch parser.currentByte {
            case UInt8(ascii: "["): return .json
            case UInt8(ascii: "{"):
                if DayOneJSONFormat.looksLikeDayOne(content) { return .dayone }
                let lineEnd = bytes[parser.index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                var firstLine = JSONParser(bytes: UnsafeBufferPointer(rebasing: bytes[parser.index..<lineEnd]))
                guard case .object(let object)? = try? firstLine.parseValue(), object["entries"] == nil else {
                    return .jrnl
                }
                return .jsonl
            default: return .csv
            }
        }
    }
}

/// The formats `entries export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The app's JSON: an array of entry objects, one per line (``EntryJSONFormat``).
    case json
    /// One entry object per line (``EntryJSONLinesFormat``).
    case jsonl
    /// CSV with a header row (``EntryCSVFormat``).
    case csv
    /// Readable Markdown (``EntryMarkdownFormat``); not meant to be imported.
    case markdown

    /// The format a file name asks for (`.json`, `.jsonl`/`.ndjson`, `.csv`, `.md`/`.markdown`), if any.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonl
        case "csv": self = .csv
        case "md", "markdown": self = .markdown
        default: return nil
        }
    }
}
