import ArgumentParser
import EntryInterchange

/// What `entries export --format` takes: a file format, or `markdown-folder` (one file per entry in
/// the folder given with --output).
enum ExportTarget: String, CaseIterable, ExpressibleByArgument {
    case json, jsonl, csv, markdown
    case markdownFolder = "markdown-folder"

    /// The single-file format, nil for the folder.
    var fileFormat: ExportFormat? { ExportFormat(rawValue: rawValue) }
}
