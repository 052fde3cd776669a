import EntryModel
import Foundation

/// Links between entries in a Markdown folder: the export writes `[[Title]]` and `[[#42]]` as
/// relative Markdown links to the notes they lead to (`[Title](2024-01-05-standup-12.md)`), which any
/// Markdown viewer follows; the import turns a Markdown link to a note of the folder back into
/// `[[…]]`.
///
/// What comes back: `[[Title]]` and `[[Title|shown]]` exactly as written. An id link (`[[#42]]`)
/// comes back as a link to the note's title (`[[Standup]]`), since the entries of an import get new
/// ids. A link to an entry that is not exported, or that leads nowhere, stays `[[…]]` in the file.
public enum MarkdownFolderLinks {
    /// `text` with each link whose entry `fileName` names (the note's file name, nil: not in the
    /// folder) written as a Markdown link to that file. Links in code stay as they are.
    public static func relativeLinks(in text: String, fileName: (EntryLinkTarget) -> String?) -> String {
        guard EntryLinkParser.mayHoldLinks(text) else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var copied = 0
        for link in EntryLinkParser.links(in: text) {
            guard let name = fileName(link.target) else { continue }
            result += bytes[copied..<link.range.lowerBound]
            result.append(UInt8(ascii: "["))
            result += bytes[(link.range.lowerBound + 2)..<(link.range.upperBound - 2)]
            result += Array("](\(name))".utf8)
            copied = link.range.upperBound
        }
        guard copied > 0 else { return text }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The folder-relative paths of the notes `text` links to with Markdown links (`[x](y.md)`), read
    /// from the note at `notePath` (relative to the folder): what ``wikiLinks(in:notePath:title:)``
    /// will look up.
    public static func linkedNotes(in text: String, notePath: String) -> Set<String> {
        var paths = Set<String>()
        forEachNoteLink(in: text, notePath: notePath) { _, _, path in paths.insert(path) }
        return paths
    }

    /// `text` with each Markdown link `[inner](y.md)` to a note of the folder (`title` gives the
    /// title of the note at a folder-relative path, nil when there is none) written `[[inner]]`, or
    /// `[[Its title]]` when `inner` is an id (`#42`). Only what reads back as one link is turned.
    public static func wikiLinks(in text: String, notePath: String, title: (String) -> String?) -> String {
        var replacements: [(range: Range<Int>, text: String)] = []
        forEachNoteLink(in: text, notePath: notePath) { range, inner, path in
            guard let noteTitle = title(path) else { return }
            var target = inner
            // `#42` or `#42|shown`: the entry's new id is not known yet; its title leads to it.
            let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let written = parts[0].trimmingCharacters(in: .whitespaces)
            if written.hasPrefix("#"), written.dropFirst().allSatisfy(\.isASCII), Int64(written.dropFirst()) != nil {
                target = noteTitle + (parts.count > 1 ? "|" + parts[1] : "")
            }
            let link = "[[" + target + "]]"
            guard EntryLinkParser.links(in: link).count == 1 else { return }
            replacements.append((range, link))
        }
        guard !replacements.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var copied = 0
        for replacement in replacements {
            result += bytes[copied..<replacement.range.lowerBound]
            result += Array(replacement.text.utf8)
            copied = replacement.range.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// Calls `body` with the byte range, the text and the resolved path of each `[text](dest)` of
    /// `text` whose destination is a relative `.md`/`.markdown` path, outside fenced code, not an
    /// image, on one line.
    private static func forEachNoteLink(in text: String, notePath: String, _ body: (Range<Int>, String, String) -> Void)
    {
        guard text.contains("](") else { return }
        let bytes = Array(text.utf8)
        let folder = notePath.split(separator: "/").dropLast().map(String.init)
        var inFence = false
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            let trimmed = line.drop { $0 == 0x20 }
            if trimmed.starts(with: Array("```".utf8)) || trimmed.starts(with: Array("~~~".utf8)) {
                inFence.toggle()
            } else if !inFence {
                scanLine(bytes, lineStart..<lineEnd, folder: folder, body)
            }
            lineStart = lineEnd + 1
        }
    }

    private static func scanLine(
        _ bytes: [UInt8], _ line: Range<Int>, folder: [String], _ body: (Range<Int>, String, String) -> Void
    ) {
        var index = line.lowerBound
        while index < line.upperBound {
            guard bytes[index] == UInt8(ascii: "["),
                index == line.lowerBound
                    || (bytes[index - 1] != UInt8(ascii: "!") && bytes[index - 1] != UInt8(ascii: "\\"))
            else {
                index += 1
                continue
            }
            var close = index + 1
            while close < line.upperBound, bytes[close] != UInt8(ascii: "]"), bytes[close] != UInt8(ascii: "[") {
                close += 1
            }
            guard close + 1 < line.upperBound, bytes[close] == UInt8(ascii: "]"), bytes[close + 1] == UInt8(ascii: "("),
                close > index + 1
            else {
                index = close > index ? close : index + 1
                continue
            }
            var end = close + 2
            while end < line.upperBound, bytes[end] != UInt8(ascii: ")"), bytes[end] != 0x20 { end += 1 }
            guard end < line.upperBound, bytes[end] == UInt8(ascii: ")") else {
                index = close + 1
                continue
            }
            let destination = String(decoding: bytes[(close + 2)..<end], as: UTF8.self)
            let inner = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            if let path = resolve(destination, from: folder) { body(index..<(end + 1), inner, path) }
            index = end + 1
        }
    }

    /// The folder-relative path `destination` names from a note in `folder`, nil when it is no
    /// relative path to a note (a URL, an absolute path, a path out of the folder, another kind of file).
    static func resolve(_ destination: String, from folder: [String]) -> String? {
        let decoded = destination.removingPercentEncoding ?? destination
        let lower = decoded.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown"), !decoded.hasPrefix("/"), !decoded.contains(":")
        else { return nil }
        var parts = folder
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
