import AppShell
import EntryModel

/// The links of the text an entry's details show, where each leads now, and the one selected (Tab and
/// Shift-Tab in the shipped storyboard), for the details to draw and to follow (``EntryLink``).
struct EntryLinkSelection {
    /// A link and the entry it leads to (nil: none).
    struct Item {
        var link: EntryLink
        var entry: EntrySummary?
    }

    private(set) var items: [Item] = []
    /// The selected item's position, nil before the first move.
    private(set) var selected: Int?
    /// Where each target written in the text leads (absent: nowhere).
    private var found: [EntryLinkTarget: EntrySummary] = [:]
    /// The targets of the text's links (a row's `[[x]]` that is none of them is in code: not a link).
    private var targets: Set<EntryLinkTarget> = []
    /// Why the links could not be read, if they could not.
    private(set) var problem: String?

    /// The most links looked up and selectable: a stranger's entry of a million links opens at once
    /// (one look-up per distinct target), and the rest are drawn as text.
    static let maximumLinks = 1_000

    init() {}

    /// The links of `text`, looked up in one call to the store. The selection stays on the same
    /// position when the text still has it.
    init(text: String, keeping previous: EntryLinkSelection? = nil, repository: any EntryRepository) {
        let links =
            EntryLinkParser.mayHoldLinks(text) ? Array(EntryLinkParser.links(in: text).prefix(Self.maximumLinks)) : []
        do {
            found = try repository.linkedEntries(links.map(\.target))
        } catch {
            problem = "Could not look the links up: \(error)"
        }
        items = links.map { Item(link: $0, entry: found[$0.target]) }
        targets = Set(links.map(\.target))
        if let kept = previous?.selected, kept < items.count { selected = kept }
    }

    var selectedItem: Item? { selected.map { items[$0] } }

    /// Selects the next link (the first when none is), wrapping at the end.
    mutating func selectNext() {
        guard !items.isEmpty else { return }
        selected = selected.map { ($0 + 1) % items.count } ?? 0
    }

    /// Selects the previous link (the last when none is), wrapping at the start.
    mutating func selectPrevious() {
        guard !items.isEmpty else { return }
        selected = selected.map { ($0 + items.count - 1) % items.count } ?? items.count - 1
    }

    /// The line the details show about the links: how many, or the selected one and where it leads.
    /// Titles are sanitized when drawn (`Buffer.put`).
    var summaryLine: String? {
        if let problem { return problem }
        guard !items.isEmpty else { return nil }
        guard let selected, let item = selectedItem else {
            return items.count == 1 ? "1 link" : "\(items.count) links"
        }
        let place = "Link \(selected + 1) of \(items.count): "
        if let entry = item.entry { return place + "\(entry.title) (#\(entry.id))" }
        return place + "\(Self.written(item.link.target)) leads to no entry"
    }

    /// Restyles a row of the text: each link in `theme.link` (or `theme.missingLink` when it leads
    /// nowhere), the selected link's target in `theme.selection` over that. Only the row is parsed, so
    /// a link wrapped over two rows is not marked, and `[[x]]` is marked only when the text has a link
    /// to `x` outside code.
    func decorate(_ row: StyledText, theme: Theme) -> StyledText {
        guard !items.isEmpty else { return row }
        let text = row.plainText
        guard EntryLinkParser.mayHoldLinks(text) else { return row }
        var leading: [Range<Int>] = []
        var missing: [Range<Int>] = []
        var chosen: [Range<Int>] = []
        for link in EntryLinkParser.links(in: text) where targets.contains(link.target) {
            let range = Self.characterRange(of: link.range, in: text)
            if found[link.target] != nil { leading.append(range) } else { missing.append(range) }
            if let item = selectedItem, item.link.target == link.target { chosen.append(range) }
        }
        return row.marking(leading, with: theme.link).marking(missing, with: theme.missingLink).marking(
            chosen, with: theme.selection)
    }

    /// Whether `row` (a row of the text as drawn) shows the selected link, or its start when the
    /// link wraps onto the next row.
    func showsSelectedLink(_ row: String) -> Bool {
        guard let item = selectedItem, EntryLinkParser.mayHoldLinks(row) else { return false }
        if EntryLinkParser.links(in: row).contains(where: { $0.target == item.link.target }) { return true }
        let written = Self.written(item.link.target)
        var rest = Substring(row)
        while let start = rest.range(of: "[[") {
            let tail = rest[start.lowerBound...].trimmingCharacters(in: .whitespaces)
            if tail.count > 2, written.hasPrefix(tail) { return true }
            rest = rest[start.upperBound...]
        }
        return false
    }

    /// `[[Title]]` or `[[#42]]`.
    static func written(_ target: EntryLinkTarget) -> String {
        switch target {
        case .id(let id): return "[[#\(id)]]"
        case .title(let title): return "[[\(title)]]"
        }
    }

    /// A range of UTF-8 offsets of `text` as character offsets (links start and end at brackets).
    private static func characterRange(of bytes: Range<Int>, in text: String) -> Range<Int> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let upper = utf8.index(utf8.startIndex, offsetBy: bytes.upperBound)
        let start = text.distance(from: text.startIndex, to: lower)
        return start..<(start + text.distance(from: lower, to: upper))
    }
}
