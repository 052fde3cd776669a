import EntryModel
import Foundation

/// A folder of Markdown notes, one entry per file (see ``MarkdownNoteFormat``): read whole, or refused
/// whole with the file (and line) at fault; written into an empty folder, or with `force` into one
/// that is not.
public enum MarkdownFolder {
    /// Why a folder was refused: the file at fault (relative to the folder) and what is wrong there.
    public struct Problem: Error, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// The drafts of every `.md` and `.markdown` file under `folder` (sub-folders included, hidden
    /// ones such as `.obsidian` and `.git` skipped), oldest first (then by the id of the front matter,
    /// then by path): the order an export writes them in, so that the ids given on import follow the
    /// same order. Any file that cannot be read as a note refuses the whole folder.
    public static func drafts(inFolder folder: String) throws(Problem) -> [EntryDraft] {
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        let files = noteFiles(in: root)
        var notes: [(note: MarkdownNoteReader.Note, index: Int)] = []
        notes.reserveCapacity(files.count)
        var fileOfID: [Int64: String] = [:]
        for relative in files {
            let url = root.appendingPathComponent(relative)
            let shown = visible(relative)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw Problem(file: shown, reason: "cannot be read (permissions?)")
            }
            if data.contains(0) {
                throw Problem(file: shown, reason: "holds a NUL byte: a binary file, not Markdown text")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw Problem(file: shown, reason: "is not UTF-8 text (\(firstInvalidByte(data)))")
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date()
            let note: MarkdownNoteReader.Note
            do {
                note = try MarkdownNoteReader.note(from: text, name: url.lastPathComponent, modified: modified)
            } catch {
                throw Problem(file: shown, reason: error.description)
            }
            if let id = note.id {
                if let other = fileOfID[id] {
                    throw Problem(file: shown, reason: "has id \(id), as \(other) does: two files for one entry")
                }
                fileOfID[id] = shown
            }
            notes.append((note, notes.count))
        }
        notes.sort { left, right in
            let leftDate = left.note.draft.createdAt ?? .distantPast, rightDate = right.note.draft.createdAt ?? .distantPast
            if leftDate != rightDate { return leftDate < rightDate }
            let leftID = left.note.id ?? .max, rightID = right.note.id ?? .max
            if leftID != rightID { return leftID < rightID }
            return left.index < right.index
        }
        return notes.map(\.note.draft)
    }

    /// Paths (relative to `root`) of the Markdown files under it, sorted.
    private static func noteFiles(in root: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) {
                if (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)[.type] as? FileAttributeType) == .typeDirectory {
                    enumerator.skipDescendants()
                }
                continue
            }
            let lower = relative.lowercased()
            if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { files.append(relative) }
        }
        return files.sorted()
    }

    /// A file name as it may be shown: control characters as `^[`-style notation.
    static func visible(_ name: String) -> String {
        var shown = ""
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value ^ 0x40))))
            } else if (0x80..<0xA0).contains(scalar.value) {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func firstInvalidByte(_ data: Data) -> String {
        var line = 1
        var start = data.startIndex
        var index = data.startIndex
        while index < data.endIndex {
            let length = utf8SequenceLength(data, at: index)
            guard let length else {
                return "line \(line), column \(data.distance(from: start, to: index) + 1): byte 0x\(String(data[index], radix: 16, uppercase: true))"
            }
            if data[index] == 0x0A {
                line += 1
                start = data.index(after: index)
            }
            index += length
        }
        return "invalid byte"
    }

    private static func utf8SequenceLength(_ data: Data, at index: Data.Index) -> Int? {
        let lead = data[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard data.distance(from: index, to: data.endIndex) >= length else { return nil }
        let end = index + length
        var position = index + 1
        while position < end {
            guard data[position] & 0xC0 == 0x80 else { return nil }
            position += 1
        }
        guard let scalarText = String(data: data[index..<end], encoding: .utf8), !scalarText.isEmpty else { return nil }
        return length
    }
}
