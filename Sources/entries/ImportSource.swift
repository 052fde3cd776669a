import EntryInterchange
import EntryModel
import Foundation

/// What `entries import` reads: a file (or standard input) in one of the import formats, a Markdown
/// folder, or the `*.json` exports of a Day One export, unzipped or in its zip. Each hands its entries over as it
/// reads them, and a problem refuses the import with the file and record named.
enum ImportSource {
    /// An open file whose format is known; its entries are read a window at a time.
    struct File {
        /// The file's name as messages give it ("standard input" for `-`).
        var source: String
        var format: ImportFormat
        var window: ImportWindow
        /// Kept open while the window reads through it.
        var handle: FileHandle
        /// The file's size, when known (not for standard input).
        var byteCount: Int?
    }

    case file(File)
    case markdownFolder(String)
    /// An unzipped Day One export: its journals' names, opened inside the folder (``ImportFolder``).
    case dayOneFolder(ImportFolder, names: [String])
    /// A Day One export's zip and the journals in it, inflated as they are read (never extracted).
    case dayOneZip(path: String, archive: ZipArchive, journals: [ZipArchive.Member])

    /// What is read, as progress names it: the file or folder.
    var name: String {
        switch self {
        case .file(let file): return file.source
        case .markdownFolder(let folder): return folder
        case .dayOneFolder(let folder, let names):
            return URL(fileURLWithPath: folder.path).appendingPathComponent(names.first ?? "Journal.json").path
        case .dayOneZip(let path, _, _): return path
        }
    }

    /// The size of the file, nil when not known (standard input, a folder).
    var byteCount: Int? {
        if case .file(let file) = self { return file.byteCount }
        return nil
    }

    /// How many bytes of the file have been read and checked so far.
    var bytesRead: Int {
        if case .file(let file) = self { return file.window.bytesConsumed }
        return 0
    }

    /// Hands every entry to `sink`, in order, as it is read; a problem of the file is thrown as
    /// ``CommandError/importRefused(source:format:reason:)``, `sink`'s errors as they were thrown.
    func read(into sink: (EntryDraft) throws -> Void) throws {
        switch self {
        case .file(let file):
            do {
                try file.format.read(file.window, into: sink)
            } catch let error as ImportError {
                throw CommandError.importRefused(
                    source: file.source, format: file.format.rawValue, reason: error.description)
            }
        case .markdownFolder(let folder):
            do {
                try MarkdownFolder.read(inFolder: folder, into: sink)
            } catch let problem as MarkdownFolder.Problem {
                throw CommandError.importRefused(
                    source: TerminalText.visible(folder), format: "a Markdown folder", reason: problem.description)
            }
        case .dayOneFolder(let folder, let names):
            for name in names {
                let path = URL(fileURLWithPath: folder.path).appendingPathComponent(name).path
                do {
                    let file = try folder.open(name)
                    defer { try? file.handle.close() }
                    try ImportFormat.dayone.read(try ImportWindow(reading: file.handle), into: sink)
                } catch let refusal as ImportFolder.Refusal {
                    throw CommandError.cannotRead(path: TerminalText.visible(path), reason: refusal.reason)
                } catch let error as ImportError {
                    throw CommandError.importRefused(
                        source: TerminalText.visible(path), format: ImportFormat.dayone.rawValue,
                        reason: error.description)
                }
            }
        case .dayOneZip(let path, let archive, let journals):
            for journal in journals {
                // Messages name the zip and the member: "export.zip: Journal.json".
                let source = TerminalText.visible("\(path): \(journal.name)")
                do {
                    let window = try ImportWindow(readingFrom: try archive.reader(for: journal))
                    try ImportFormat.dayone.read(window, into: sink)
                } catch let error as ImportError {
                    throw CommandError.importRefused(
                        source: source, format: ImportFormat.dayone.rawValue, reason: error.description)
                } catch let problem as ZipArchive.Problem {
                    throw CommandError.importRefused(
                        source: source, format: ImportFormat.dayone.rawValue,
                        reason: TerminalText.visible(problem.description))
                }
            }
        }
    }
}
