import EntryModel
import Foundation

/// Writes entries in an export format, streaming: entries go into a small buffer that is handed to
/// the destination every `chunkSize` bytes, so a million entries never become one huge string.
///
/// ```swift
/// var exporter = EntryExporter(format: .csv, destination: FileHandleExportDestination(handle: .standardOutput))
/// for entry in entries { try exporter.write(entry) }
/// try exporter.finish()
/// ```
public struct EntryExporter<Destination: ExportDestination> {
    /// The format the entries are written in.
    public let format: ExportFormat
    /// Where the bytes go; for a ``ByteArrayExportDestination``, read the export here after ``finish()``.
    public private(set) var destination: Destination
    /// How many entries were written.
    public private(set) var count = 0
    private let chunkSize: Int
    private var buffer: [UInt8] = []

    /// An exporter writing `format` to `destination`, handing it the bytes every `chunkSize` bytes; the
    /// format's opening (the JSON array's `[`, the CSV header) is buffered at once.
    public init(format: ExportFormat, destination: Destination, chunkSize: Int = 64 * 1024) {
        self.format = format
        self.destination = destination
        self.chunkSize = max(1, chunkSize)
        buffer.reserveCapacity(self.chunkSize + 4096)
        switch format {
        case .json: buffer.append(UInt8(ascii: "["))
        case .csv: EntryCSVFormat.appendHeader(to: &buffer)
        case .jsonl, .markdown: break
        }
    }

    /// Writes one entry.
    public mutating func write(_ entry: Entry) throws {
        switch format {
        case .json:
            buffer.append(contentsOf: count == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
            EntryJSONWriter.append(entry, to: &buffer)
        case .jsonl:
            EntryJSONWriter.append(entry, to: &buffer)
            buffer.append(0x0A)
        case .csv:
            EntryCSVFormat.append(entry, to: &buffer)
        case .markdown:
            EntryMarkdownFormat.append(entry, to: &buffer)
        }
        count += 1
        if buffer.count >= chunkSize { try flush() }
    }

    /// Writes what closes the format (`]` for JSON) and hands over the last chunk. Call it once, last.
    @discardableResult
    public mutating func finish() throws -> Destination {
        if format == .json {
            buffer.append(contentsOf: count == 0 ? [UInt8(ascii: "]"), 0x0A] : [0x0A, UInt8(ascii: "]"), 0x0A])
        }
        try flush()
        return destination
    }

    private mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try destination.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

extension EntryExporter where Destination == ByteArrayExportDestination {
    /// The whole export of `entries` as bytes (for tests and small exports).
    public static func bytes(of entries: some Sequence<Entry>, format: ExportFormat) -> [UInt8] {
        var exporter = EntryExporter(format: format, destination: ByteArrayExportDestination())
        // Writing to memory cannot fail.
        for entry in entries { try? exporter.write(entry) }
        return (try? exporter.finish().bytes) ?? []
    }
}
