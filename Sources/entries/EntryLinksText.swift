import EntryInterchange
import EntryModel

/// What `entries show` adds about links: where the entry's `[[links]]` lead, and which entries link to
/// it (newest first).
///
/// ```text
/// Links:
///   [[Standup]]  12  Standup
///   [[Nowhere]]  (no such entry)
///
/// Linked from:
///   14  2024-01-06 09:30  Retro
/// ```
struct EntryLinksText {
    /// Each link of the body, then of the more details, in order, with the entry it leads to.
    let links: [(link: EntryLink, entry: EntrySummary?)]
    let backlinks: [EntrySummary]

    /// The most links looked up and listed (one look-up per distinct target); `omitted` says how many more.
    static let maximumLinks = 1_000
    /// Links of the text past ``maximumLinks``, not listed.
    let omitted: Int

    /// The links of `entry` and its backlinks, read from `entries`.
    init(of entry: Entry, in entries: any EntryRepository) throws {
        let all = [entry.body, entry.moreDetails].flatMap { EntryLinkParser.links(in: $0) }
        let written = Array(all.prefix(Self.maximumLinks))
        omitted = all.count - written.count
        let found = try entries.linkedEntries(written.map(\.target))
        links = written.map { ($0, found[$0.target]) }
        backlinks = try entries.backlinks(to: entry.id)
    }

    /// The sections for people (titles shown with control characters visible); empty without links.
    func text(dates: DateDisplay) -> String {
        var text = ""
        if !links.isEmpty {
            text += "\nLinks:\n"
            for (link, entry) in links {
                let written = TerminalText.visible(Self.written(link))
                if let entry {
                    text += "  \(written)  \(entry.id)  \(TerminalText.visible(entry.title))\n"
                } else {
                    text += "  \(written)  (no such entry)\n"
                }
            }
            if omitted > 0 { text += "  … and \(omitted) more\n" }
        }
        if !backlinks.isEmpty {
            text += "\nLinked from:\n"
            for source in backlinks {
                text +=
                    "  \(source.id)  \(dates.string(from: source.createdAt))  \(TerminalText.visible(source.title))\n"
            }
        }
        return text
    }

    /// `"links":[{"title":"Standup","entryId":12},{"id":42,"entryId":null}],"backlinks":[{summary}…]`,
    /// members to append to the entry's JSON object.
    func appendJSONMembers(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #","links":["#.utf8)
        for (index, (link, entry)) in links.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch link.target {
            case .id(let id):
                bytes.append(contentsOf: #"{"id":\#(id)"#.utf8)
            case .title(let title):
                bytes.append(contentsOf: #"{"title":"#.utf8)
                EntryJSONWriter.appendString(title, to: &bytes)
            }
            bytes.append(contentsOf: #","entryId":"#.utf8)
            bytes.append(contentsOf: (entry.map { String($0.id) } ?? "null").utf8)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"backlinks":["#.utf8)
        for (index, source) in backlinks.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            EntryJSONWriter.append(source, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The link as it would be written: `[[Title]]`, `[[#42]]`.
    private static func written(_ link: EntryLink) -> String {
        switch link.target {
        case .id(let id): return "[[#\(id)]]"
        case .title(let title): return "[[\(title)]]"
        }
    }
}
