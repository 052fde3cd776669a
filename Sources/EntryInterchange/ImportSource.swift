import EntryModel
import Foundation

/// What an import reads: a file (or standard input) in one of the import formats, a Markdown folder,
/// or the `*.json` exports of a Day One export, unzipped or in its zip. ``open(path:format:)`` tells
/// which from the path and the file's first bytes, the one way every importer (the `import` command,
/// an app) does; ``read(into:)`` hands the entries over as it reads them, and a problem is an
/// ``ImportSourceError`` naming the file and the record.
public enum ImportSource {
    /// An open file whose format is known; its entries are read a window at a time.
    public struct File {
        /// The file's name as messages give it ("standard input" for standard input).
        public var source: String
        /// The format it is read as: the one asked for, or the one told from its name and first bytes.
        public var format: ImportFormat
        /// The file's bytes, read a part at a time.
        public var window: ImportWindow
        /// Kept open while the window reads through it.
        public var handle: FileHandle
        /// The file's size, when known (not for standard input).
        public var byteCount: Int?
    }

    /// A file in one of the import formats.
    case file(File)
    /// A folder of Markdown notes.
    case markdownFolder(String)
    /// An unzipped Day One export: its journals' names, opened inside the folder (``ImportFolder``).
    case dayOneFolder(ImportFolder, names: [String])
    /// A Day One export's zip and the journals in it, inflated as they are read (never extracted).
    case dayOneZip(path: String, archive: ZipArchive, journals: [ZipArchive.Member])

    /// Opens what `path` names (nil: standard input) and tells its format: a folder is a Day One
    /// export when it holds one's `.json` files, else Markdown notes; a `.zip` is a Day One export;
    /// a file is read as `format`, or as ``ImportFormat/detect(path:content:)`` tells from its name and
    /// first bytes. A file that cannot be read, a hostile zip, or a Markdown file (a format entries
    /// writes but does not read) is refused here, before anything is imported.
    public static func open(path: String?, format: ImportFormat?) throws(ImportSourceError) -> ImportSource {
        guard let path else { return try openFile(path: nil, format: format) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            let folder = ImportFolder(path: path)
            let dayOneFiles = try dayOneFiles(in: folder)
            if !dayOneFiles.isEmpty { return .dayOneFolder(folder, names: dayOneFiles) }
            return .markdownFolder(path)
        }
        if path.lowercased().hasSuffix(".zip") { return try openDayOneZip(path: path, format: format) }
        if format == nil, ExportFormat(path: path) == .markdown {
            throw .exportOnlyFormat(source: path, format: "Markdown")
        }
        return try openFile(path: path, format: format)
    }

    /// What is read, as progress names it: the file or folder.
    public var name: String {
        switch self {
        case .file(let file): return file.source
        case .markdownFolder(let folder): return folder
        case .dayOneFolder(let folder, let names):
            return URL(fileURLWithPath: folder.path).appendingPathComponent(names.first ?? "Journal.json").path
        case .dayOneZip(let path, _, _): return path
        }
    }

    /// The size of the file, nil when not known (standard input, a folder).
    public var byteCount: Int? {
        if case .file(let file) = self { return file.byteCount }
        return nil
    }

    /// How many bytes of the file have been read and checked so far.
    public var bytesRead: Int {
        if case .file(let file) = self { return file.window.bytesConsumed }
        return 0
    }

    /// Hands every entry to `sink`, in order, as it is read; a problem of the file is thrown as an
    /// ``ImportSourceError``, `sink`'s errors as they were thrown.
    public func read(into sink: (EntryDraft) throws -> Void) throws {
        switch self {
        case .file(let file):
            do {
                try file.format.read(file.window, into: sink)
            } catch let error as ImportError {
                throw ImportSourceError.refused(
                    source: file.source, format: file.format.rawValue, reason: error.description)
            }
        case .markdownFolder(let folder):
            do {
                try MarkdownFolder.read(inFolder: folder, into: sink)
            } catch let problem as MarkdownFolder.Problem {
                throw ImportSourceError.refused(
                    source: folder, format: "a Markdown folder", reason: problem.description)
            }
        case .dayOneFolder(let folder, let names):
            for name in names {
                let path = URL(fileURLWithPath: folder.path).appendingPathComponent(name).path
                do {
                    let file = try folder.open(name)
                    defer { try? file.handle.close() }
                    try ImportFormat.dayone.read(try ImportWindow(reading: file.handle), into: sink)
                } catch let refusal as ImportFolder.Refusal {
                    throw ImportSourceError.cannotRead(path: path, reason: refusal.reason)
                } catch let error as ImportError {
                    throw ImportSourceError.refused(
                        source: path, format: ImportFormat.dayone.rawValue, reason: error.description)
                }
            }
        case .dayOneZip(let path, let archive, let journals):
            for journal in journals {
                // Messages name the zip and the member: "export.zip: Journal.json".
                let source = "\(path): \(journal.name)"
                do {
                    let window = try ImportWindow(readingFrom: try archive.reader(for: journal))
                    try ImportFormat.dayone.read(window, into: sink)
                } catch let error as ImportError {
                    throw ImportSourceError.refused(
                        source: source, format: ImportFormat.dayone.rawValue, reason: error.description)
                } catch let problem as ZipArchive.Problem {
                    throw ImportSourceError.refused(
                        source: source, format: ImportFormat.dayone.rawValue, reason: problem.description)
                }
            }
        }
    }

    /// The file at `path` (nil: standard input), opened, its format told from its name or first bytes.
    private static func openFile(path: String?, format: ImportFormat?) throws(ImportSourceError) -> ImportSource {
        let source = path ?? "standard input"
        let handle: FileHandle
        if let path {
            do {
                handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            } catch {
                throw .cannotRead(path: path, reason: FileErrorReason.describe(error))
            }
        } else {
            handle = FileHandle.standardInput
        }
        let size = path.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        do {
            let window = try ImportWindow(reading: handle)
            let format = format ?? ImportFormat.detect(path: path, content: window.prefix)
            return .file(File(source: source, format: format, window: window, handle: handle, byteCount: size))
        } catch {
            throw .cannotRead(path: source, reason: error.reason)
        }
    }

    /// A Day One export's zip, its central directory read and its journals found (``DayOneZip``): a zip
    /// that is not one, or a hostile one, is refused here.
    private static func openDayOneZip(path: String, format: ImportFormat?) throws(ImportSourceError) -> ImportSource {
        if let format, format != .dayone {
            throw .cannotRead(path: path, reason: "a zip is read as a Day One export, not as \(format.rawValue)")
        }
        do {
            let archive = try ZipArchive(path: path)
            return .dayOneZip(path: path, archive: archive, journals: try DayOneZip.journals(in: archive))
        } catch let problem as ZipArchive.Problem {
            throw .cannotRead(path: path, reason: problem.description)
        } catch {
            throw .cannotRead(path: path, reason: FileErrorReason.describe(error))
        }
    }

    /// The Day One exports at the top of an unzipped Day One export folder, in name order
    /// (``ImportFolder/dayOneExports()``): a `.json` that is a link, a FIFO or a device refuses the
    /// folder by name.
    private static func dayOneFiles(in folder: ImportFolder) throws(ImportSourceError) -> [String] {
        do {
            return try folder.dayOneExports()
        } catch {
            let path = URL(fileURLWithPath: folder.path).appendingPathComponent(error.file).path
            throw .cannotRead(path: path, reason: error.reason)
        }
    }
}

/// Why an import refused what it was given; nothing was imported. Paths and reasons are as the file
/// system and the file gave them: whoever shows them to a terminal sanitizes them.
public enum ImportSourceError: Error, Equatable, CustomStringConvertible {
    /// The file or folder could not be opened or read, or is not what it must be (a zip that is no
    /// Day One export).
    case cannotRead(path: String, reason: String)
    /// A record of the file is refused (`reason` names it).
    case refused(source: String, format: String, reason: String)
    /// The file is in a format entries writes but does not read (Markdown).
    case exportOnlyFormat(source: String, format: String)

    /// The refusal in a sentence.
    public var description: String {
        switch self {
        case let .cannotRead(path, reason): return "cannot read \(path): \(reason)"
        case let .refused(source, format, reason): return "cannot import \(source) as \(format): \(reason)"
        case let .exportOnlyFormat(source, format):
            return "cannot import \(source): it is \(format), a format entries writes but does not read"
        }
    }
}
