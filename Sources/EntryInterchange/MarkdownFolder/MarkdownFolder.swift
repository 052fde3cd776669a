import EntryModel
import Foundation

/// A folder of Markdown notes, one entry per file (see ``MarkdownNoteFormat``): read whole, or refused
/// whole with the file (and line) at fault; written into an empty folder, or with `force` into one
/// that is not.
public enum MarkdownFolder {
    /// Why a folder was refused: the file at fault (relative to the folder) and what is wrong there.
    public struct Problem: Error, CustomStringConvertible {
        /// The file at fault, relative to the folder.
        public var file: String
        /// What is wrong in it, with the line when there is one.
        public var reason: String
        /// `file: reason`.
        public var description: String { "\(file): \(reason)" }
    }

    /// The drafts of every `.md` and `.markdown` file under `folder` (sub-folders included, hidden
    /// ones such as `.obsidian` and `.git` skipped; read through ``ImportFolder``, so a symbolic link
    /// named like a note or leading to a folder, or a note that is not a regular file, refuses the
    /// folder rather than being followed or waited on), oldest first (then by the id of the front matter,
    /// then by path): the order an export writes them in, so that the ids given on import follow the
    /// same order. Any file that cannot be read as a note refuses the whole folder.
    public static func drafts(inFolder folder: String) throws(Problem) -> [EntryDraft] {
        var drafts: [EntryDraft] = []
        do {
            try read(inFolder: folder) { drafts.append($0) }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(file: visible(folder), reason: "\(error)")  // appending cannot fail
        }
        return drafts
    }

    /// Hands the draft of every note file under `folder` to `sink`, in the order of
    /// ``drafts(inFolder:)``, holding one note at a time: every file is read and checked first, and
    /// only its place in the order kept; then the files are read again in that order. A file changed
    /// in between is checked again. Markdown links to notes of the folder come back as `[[…]]`
    /// (``MarkdownFolderLinks``): the titles of the notes linked to are read in between. Throws the first ``Problem``, or the first error of `sink` as it
    /// was thrown.
    public static func read(inFolder folder: String, into sink: (EntryDraft) throws -> Void) throws {
        let root = ImportFolder(path: folder)
        let files = try noteFiles(in: root)
        var places: [(createdAt: Date, id: Int64, index: Int)] = []
        places.reserveCapacity(files.count)
        var fileOfID: [Int64: String] = [:]
        // The notes other notes link to (`MarkdownFolderLinks`): only their titles are kept.
        var linked = Set<String>()
        for (index, relative) in files.enumerated() {
            let note = try self.note(relative, in: root)
            linked.formUnion(MarkdownFolderLinks.linkedNotes(in: note.draft.body, notePath: relative))
            linked.formUnion(MarkdownFolderLinks.linkedNotes(in: note.draft.moreDetails, notePath: relative))
            if let id = note.id {
                if let other = fileOfID[id] {
                    throw Problem(
                        file: visible(relative), reason: "has id \(id), as \(other) does: two files for one entry")
                }
                fileOfID[id] = visible(relative)
            }
            places.append((note.draft.createdAt ?? .distantPast, note.id ?? .max, index))
        }
        places.sort { left, right in
            if left.createdAt != right.createdAt { return left.createdAt < right.createdAt }
            if left.id != right.id { return left.id < right.id }
            return left.index < right.index
        }
        var titles: [String: String] = [:]
        for relative in files where linked.contains(relative) {
            titles[relative] = try note(relative, in: root).draft.title
        }
        for place in places {
            let relative = files[place.index]
            var draft = try note(relative, in: root).draft
            if !titles.isEmpty {
                draft.body = MarkdownFolderLinks.wikiLinks(in: draft.body, notePath: relative) { titles[$0] }
                draft.moreDetails = MarkdownFolderLinks.wikiLinks(in: draft.moreDetails, notePath: relative) {
                    titles[$0]
                }
            }
            try sink(draft)
        }
    }

    /// The note in file `relative` under `root`, or the problem that refuses the folder.
    private static func note(_ relative: String, in root: ImportFolder) throws(Problem) -> MarkdownNoteReader.Note {
        let shown = visible(relative)
        let file: ImportFolder.OpenedFile
        do {
            file = try root.open(relative)
        } catch {
            throw Problem(file: visible(error.file), reason: error.reason)
        }
        guard let data = try? file.readAll() else {
            throw Problem(file: shown, reason: "cannot be read")
        }
        if data.contains(0) {
            throw Problem(file: shown, reason: "holds a NUL byte: a binary file, not Markdown text")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Problem(file: shown, reason: "is not UTF-8 text (\(firstInvalidByte(data)))")
        }
        do {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            return try MarkdownNoteReader.note(from: text, name: name, modified: file.modified)
        } catch {
            throw Problem(file: shown, reason: error.description)
        }
    }

    /// Paths (relative to `root`) of the Markdown files under it, sorted; hidden names skipped. A
    /// symbolic link named like a note or leading to a folder refuses the folder: links are not
    /// followed, and a note left out without a word would be a note lost. (A walk with a list of
    /// folders still to see, not recursion: folders can nest as deep as paths allow.)
    private static func noteFiles(in root: ImportFolder) throws(Problem) -> [String] {
        var files: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            for (name, kind) in root.contents(of: folder) where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let lower = name.lowercased()
                let isNote = lower.hasSuffix(".md") || lower.hasSuffix(".markdown")
                switch kind {
                case .folder: folders.append(relative)
                case .link where isNote || root.linkLeadsToFolder(relative):
                    let refusal = root.linkRefusal(relative)
                    throw Problem(file: visible(refusal.file), reason: refusal.reason)
                case .file where isNote, .other where isNote: files.append(relative)
                default: continue
                }
            }
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
                return
                    "line \(line), column \(data.distance(from: start, to: index) + 1): byte 0x\(String(data[index], radix: 16, uppercase: true))"
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
