import Foundation

/// A link written in an entry's text: `[[Title]]` names an entry by its title, `[[#42]]` by its id.
/// ``EntryLinkParser`` finds them; a store keeps their targets (``EntryLinkTargets``) to answer
/// ``EntryRepository/backlinks(to:)``.
///
/// How a link finds its entry:
/// - `[[#42]]` is the entry with id 42, whatever its title becomes: the link survives a rename.
/// - `[[Title]]` is the entry whose title is the same, ignoring case, accents, width and leading
///   zeros (the title order's key, ``TitleSortKey``). It is looked up when it is read, so it follows
///   the title, not an entry: rename the entry and the link points to nothing (or to another entry
///   that has the old title). Link by id to follow an entry through renames.
/// - When several entries share the title, the link goes to the first of them stored (the lowest
///   id): entries written later with the same title do not take the link over.
public struct EntryLink: Hashable, Sendable {
    /// What the link names.
    public var target: EntryLinkTarget
    /// The text to show for it: the part after `|` in `[[Title|shown]]`, else the target as written.
    public var label: String
    /// Where the link is in the text, as UTF-8 byte offsets, brackets included.
    public var range: Range<Int>

    /// Creates a link to `target` shown as `label`, found at the UTF-8 byte offsets `range` of its text.
    public init(target: EntryLinkTarget, label: String, range: Range<Int>) {
        self.target = target
        self.label = label
        self.range = range
    }
}

/// What a link names: an entry id, or a title.
public enum EntryLinkTarget: Hashable, Sendable {
    /// `[[#42]]`.
    case id(Int64)
    /// `[[Title]]`, as written (trimmed).
    case title(String)

    /// The key a title link matches entries by (``TitleSortKey``), nil for an id link.
    public var titleKey: [UInt8]? {
        if case .title(let title) = self { return TitleSortKey.key(title) }
        return nil
    }
}

/// The distinct targets of an entry's links, as a store keeps them: the ids of `[[#42]]` links and
/// the title keys of `[[Title]]` links, each sorted and without duplicates. Links are read from the
/// body and the more details (a title is never a link).
public struct EntryLinkTargets: Hashable, Sendable {
    /// The entry ids named by `[[#42]]` links, ascending, each once.
    public var ids: [Int64]
    /// The title keys (``TitleSortKey``) of `[[Title]]` links, sorted bytewise, each once.
    public var titleKeys: [[UInt8]]

    /// No links.
    public static let none = EntryLinkTargets(ids: [], titleKeys: [])

    /// Creates targets from ids and title keys the caller has
    /// already sorted and made unique, as a store reads them back.
    public init(ids: [Int64], titleKeys: [[UInt8]]) {
        self.ids = ids
        self.titleKeys = titleKeys
    }

    /// The targets of the links in `body` and `moreDetails`.
    public init(body: String, moreDetails: String) {
        var ids: [Int64] = []
        var keys: [[UInt8]] = []
        if EntryLinkParser.mayHoldLinks(body) { EntryLinkParser.addTargets(of: body, ids: &ids, titleKeys: &keys) }
        if EntryLinkParser.mayHoldLinks(moreDetails) {
            EntryLinkParser.addTargets(of: moreDetails, ids: &ids, titleKeys: &keys)
        }
        // Sorted, then each once: an entry has few links, and sorting a handful beats hashing them.
        ids.sort()
        keys.sort { $0.lexicographicallyPrecedes($1) }
        self.ids = Self.withoutRepeats(ids)
        self.titleKeys = Self.withoutRepeats(keys)
    }

    /// `sorted` without its repeated elements (equal elements are next to each other).
    private static func withoutRepeats<Element: Equatable>(_ sorted: [Element]) -> [Element] {
        guard sorted.count > 1 else { return sorted }
        var unique = sorted
        var kept = 1
        for index in 1..<sorted.count where sorted[index] != unique[kept - 1] {
            unique[kept] = sorted[index]
            kept += 1
        }
        unique.removeLast(sorted.count - kept)
        return unique
    }

    /// The targets of a draft's links.
    public init(_ draft: EntryDraft) {
        self.init(body: draft.body, moreDetails: draft.moreDetails)
    }

    /// The targets of an entry's links.
    public init(_ entry: Entry) {
        self.init(body: entry.body, moreDetails: entry.moreDetails)
    }

    /// Whether the entry has no link at all.
    public var isEmpty: Bool { ids.isEmpty && titleKeys.isEmpty }
}
