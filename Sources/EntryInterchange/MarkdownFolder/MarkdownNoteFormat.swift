import EntryModel
import Foundation

/// One entry as a Markdown file of a folder (`entries export --format markdown-folder`), the way
/// Obsidian or nb keep notes: YAML front matter, then the body as written, then the more details
/// after a marked line:
///
/// ```markdown
/// ---
/// id: 12
/// title: "Standup"
/// created: 2024-01-05T09:30:00.000Z
/// updated: 2024-01-05T09:31:00.000Z
/// tags: ["work", "daily"]
/// ---
/// The body, byte for byte.
///
/// <!-- more details -->
/// The more details, byte for byte.
/// ```
/// Strings in the front matter are JSON strings (which YAML reads as double-quoted scalars), so every
/// character survives. The marked line is written when there are more details (or when the body
/// holds such a line itself); the last one in the file splits body and more details. More details
/// holding the marked line themselves go in the front matter (`more_details: "…"`) instead.
/// A starred entry has `starred: true` after its tags (an unstarred one no such line).
public enum MarkdownNoteFormat {
    /// The line between the body and the more details.
    public static let moreDetailsMarker = "<!-- more details -->"

    /// The file's text for `entry`.
    public static func text(of entry: Entry) -> String {
        String(decoding: bytes(of: entry), as: UTF8.self)
    }

    /// The file's bytes for `entry` (its text in UTF-8), as written.
    public static func bytes(of entry: Entry) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.body.utf8.count + entry.moreDetails.utf8.count + entry.title.utf8.count + 160)
        bytes.append(contentsOf: "---\nid: \(entry.id)\ntitle: ".utf8)
        EntryJSONWriter.appendString(entry.title, to: &bytes)
        bytes.append(contentsOf: "\ncreated: ".utf8)
        InterchangeDate.append(entry.createdAt, to: &bytes)
        bytes.append(contentsOf: "\nupdated: ".utf8)
        InterchangeDate.append(entry.updatedAt, to: &bytes)
        bytes.append(contentsOf: "\ntags: [".utf8)
        for (index, tag) in entry.tags.enumerated() {
            if index > 0 { bytes.append(contentsOf: ", ".utf8) }
            EntryJSONWriter.appendString(tag, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        if entry.starred { bytes.append(contentsOf: "\nstarred: true".utf8) }
        let moreInFrontMatter = hasMarkerLine(entry.moreDetails)
        if moreInFrontMatter {
            bytes.append(contentsOf: "\nmore_details: ".utf8)
            EntryJSONWriter.appendString(entry.moreDetails, to: &bytes)
        }
        bytes.append(contentsOf: "\n---\n".utf8)
        bytes.append(contentsOf: entry.body.utf8)
        if !moreInFrontMatter, !entry.moreDetails.isEmpty || hasMarkerLine(entry.body) {
            bytes.append(contentsOf: "\n\(moreDetailsMarker)\n".utf8)
            bytes.append(contentsOf: entry.moreDetails.utf8)
        }
        return bytes
    }

    private static func hasMarkerLine(_ text: String) -> Bool {
        text.contains(moreDetailsMarker) && ("\n" + text + "\n").contains("\n\(moreDetailsMarker)\n")
    }

    /// A file name for `entry`: its creation day, its title made safe (letters and digits, dashes
    /// between words, at most 60 characters) and its id, which keeps names unique:
    /// `2024-01-05-standup-12.md`.
    public static func fileName(of entry: Entry) -> String {
        fileName(id: entry.id, title: entry.title, createdAt: entry.createdAt)
    }

    /// The file name ``fileName(of:)`` gives the entry with these fields.
    public static func fileName(id: Int64, title: String, createdAt: Date) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
            if slug.count >= 60 { break }
        }
        while slug.last == "-" { slug.removeLast() }
        let day = InterchangeDate.string(from: createdAt).prefix(10)
        return "\(day)-\(slug.isEmpty ? "entry" : slug)-\(id).md"
    }
}
