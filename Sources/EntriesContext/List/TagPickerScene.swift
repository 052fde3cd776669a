import AppShell
import EntryModel
import EntryUI
import Foundation

/// The tags in use, each with how many entries carry it: a storyboard scene (kind `TagPicker`) that
/// offers the selected tag (`tag`), and the tags chosen (`tags`: those marked, else the selected one,
/// with all/any). The shipped storyboard presents it from the list and returns the tags through an
/// unwind (`pickTag: {from: tags, kind: unwind, returns: tags}`), which the list accepts as its filter.
///
/// Its actions (bound by the storyboard): `markTag` marks the selected tag (several marked tags
/// filter together) and `switchTagMatch` switches between entries with all of them and any of them.
/// Letters and digits the storyboard does not bind to the picker jump to the first tag starting with
/// what was typed (a pause of ``typeAheadPause``, Backspace or marking starts over), as lists of names do in
/// file managers; arrows and the storyboard's other keys move.
@MainActor
final class TagPickerScene: SizedModalScene, ThemeAdoptingScene {
    let title: String
    let tags: [TagCount]
    let listView: ListView
    /// Why the tags could not be read, shown in place of the rows.
    let loadError: String?
    /// The tags marked, in the order they were marked.
    private(set) var marked: [String] = []
    /// All the marked tags, or any of them.
    private(set) var match: TagMatch = .all
    /// What was typed to jump, and when the last letter came.
    private(set) var typed = ""
    private var lastTyped: Date?
    private let now: @Sendable () -> Date
    private let rows: TagRows
    private let theme: Theme

    /// Letters typed further apart than this start a new jump.
    static let typeAheadPause: TimeInterval = 1.0

    init(context: StoryboardSceneContext, environment: EntriesEnvironment) {
        self.title = context.title
        self.now = environment.now
        self.theme = environment.theme
        var loadError: String?
        do {
            tags = try environment.repository.tags()
        } catch {
            tags = []
            loadError = String(describing: error)
            environment.flow.showError(error)
        }
        self.loadError = loadError
        self.rows = TagRows(tags: tags)
        self.listView = ListView(
            dataSource: rows, theme: environment.theme,
            columns: [
                ListColumn(.fixed(2)), ListColumn(.flexible(minimum: 1)),
                ListColumn(.fixed(TagRows.countWidth(tags)), alignment: .trailing),
            ],
            emptyText: loadError ?? "No tags yet")
        listView.columnSpacing = 0
    }

    /// The selected tag, offered to segues (and returned by `returns: tag` unwinds); nil without tags.
    var selectedTag: String? {
        guard let index = listView.selectedIndex, tags.indices.contains(index) else { return nil }
        return tags[index].tag
    }

    /// The marked tags (the selected one when none is marked) and all/any: offered as `tags`.
    var tagSelection: TagSelection? {
        let chosen = marked.isEmpty ? selectedTag.map { [$0] } ?? [] : marked
        return chosen.isEmpty ? nil : TagSelection(tags: chosen, match: match)
    }

    /// Marks the selected tag, or takes its mark off.
    func toggleMark() {
        guard let tag = selectedTag else { return }
        typed = ""  // the next letters look for the next tag to mark
        if let index = marked.firstIndex(of: tag) { marked.remove(at: index) } else { marked.append(tag) }
        rows.marked = Set(marked)
        listView.reload()
    }

    /// Entries with all the marked tags, or with any of them.
    func switchMatch() {
        match = match == .all ? .any : .all
    }

    func preferredContentSize(fitting available: Size) -> Size {
        let widest =
            tags.prefix(500).map { EntryText.rowPrefix($0.tag, maximumLength: 64).displayWidth }.max()
            ?? (loadError ?? "No tags yet").displayWidth
        let width = min(available.width, max(28, widest + TagRows.countWidth(tags) + 3))
        return Size(width: width, height: min(available.height, max(1, tags.count) + 1))
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let listArea = area.height > 1 ? area.inset(bottom: 1) : area
        listView.render(into: &buffer, area: listArea)
        guard area.height > 1 else { return }
        buffer.put(line: statusText, at: Point(x: area.x, y: area.maxY - 1), width: area.width, style: theme.dim)
    }

    /// `all of 2 marked · typed “wo”`: what enter will filter by, and what was typed to jump.
    var statusText: String {
        var parts: [String] = []
        if !marked.isEmpty { parts.append("\(match == .all ? "all" : "any") of \(marked.count) marked") }
        if !typed.isEmpty { parts.append("typed \(EntryText.quoted(typed))") }
        return parts.isEmpty ? "type to jump" : parts.joined(separator: " · ")
    }

    /// Letters and digits jump (``handle(_:)`` takes them before the storyboard-wide keys).
    func takesBeforeWideBindings(_ key: Key) -> Bool {
        if case .character(let character) = key { return character.isLetter || character.isNumber }
        return false
    }

    var keyHelp: [KeyHelp] {
        [KeyHelp(key: "a-z 0-9", summary: "jump to a tag")]
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character) where character.isLetter || character.isNumber:
            typeAhead(character)
            return true
        case .backspace where !typed.isEmpty:
            typed = ""
            lastTyped = nil
            return true
        default:
            typed = ""
            return listView.handle(key)
        }
    }

    /// Moves the selection to the first tag that starts with what was typed (ignoring case), adding
    /// `character` to it unless the last letter came more than ``typeAheadPause`` ago.
    private func typeAhead(_ character: Character) {
        let time = now()
        if let lastTyped, time.timeIntervalSince(lastTyped) > Self.typeAheadPause { typed = "" }
        lastTyped = time
        typed.append(character)
        let prefix = typed.lowercased()
        if let index = tags.firstIndex(where: { $0.tag.lowercased().hasPrefix(prefix) }) {
            listView.select(index)
        }
    }
}

/// The picker's rows: a mark, the tag, and its count right-aligned.
@MainActor
private final class TagRows: ListDataSource {
    let tags: [TagCount]
    var marked: Set<String> = []

    init(tags: [TagCount]) {
        self.tags = tags
    }

    var count: Int { tags.count }

    func row(at index: Int) -> ListRow {
        ListRow(columns: [
            StyledText(marked.contains(tags[index].tag) ? "* " : "  "),
            StyledText(EntryText.rowPrefix(tags[index].tag)),
            StyledText(" " + EntryText.count(tags[index].count)),
        ])
    }

    static func countWidth(_ tags: [TagCount]) -> Int {
        max(1, tags.map { EntryText.count($0.count).count }.max() ?? 1) + 1
    }
}
