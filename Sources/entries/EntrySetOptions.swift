import ArgumentParser
import EntryModel

/// The entries a command that changes several at once acts on (`delete`, `star`, `unstar`): the ids
/// given, and every entry the list's filters choose (`--tag`, `--any-tag`, `--starred`, `--from`,
/// `--to`, `--on`), together.
struct EntrySetOptions: ParsableArguments {
    @Argument(
        help: "The ids of the entries (the first column of `entries list`).",
        completion: .custom(CompletionCandidates.ids))
    var ids: [Int64] = []

    @OptionGroup var marks: EntryFilterOptions

    @OptionGroup var dates: DateRangeOptions

    /// Whether a filter chooses entries (not only ids).
    var isFiltering: Bool { marks.isFiltering || dates.on != nil || dates.from != nil || dates.to != nil }

    func validate() throws {
        if ids.isEmpty && !isFiltering {
            throw ValidationError(
                "give the ids of the entries, or a filter (--tag, --starred, --from, --to, --on) that chooses them")
        }
    }

    /// The entries chosen, ids first in the order given and then the filter's newest first, each
    /// once. An id of no entry is ``EntryStoreError/notFound(id:)``, before anything is changed.
    func entries(in repository: any EntryRepository) throws -> [EntrySummary] {
        var chosen: [EntrySummary] = []
        var seen = Set<Int64>()
        if !ids.isEmpty {
            let found = Dictionary(
                try repository.entries(ids: ids).map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
            for id in ids {
                guard let summary = found[id] else { throw EntryStoreError.notFound(id: id) }
                if seen.insert(id).inserted { chosen.append(summary) }
            }
        }
        guard isFiltering else { return chosen }
        let filter = try marks.filter(created: try dates.createdRange(), in: repository)
        var anchor = PageAnchor.start
        while true {
            let page = try repository.page(PageRequest(order: .newest, filter: filter, anchor: anchor, limit: 500))
            for summary in page where seen.insert(summary.id).inserted { chosen.append(summary) }
            guard page.count == 500, let last = page.last else { break }
            anchor = .after(last)
        }
        return chosen
    }
}

/// Asking before a change: on a terminal, a y/N question; without one, `--yes` or a refusal.
enum Confirmation {
    /// Whether to go ahead: true with `yes`; else the question on a terminal (only y or yes goes
    /// ahead); else ``CommandError/needsConfirmation(what:)``, since a script that forgot `--yes`
    /// must not change entries it did not see.
    static func ask(_ question: String, what: String, yes: Bool) throws -> Bool {
        if yes { return true }
        guard StandardStreams.inputIsTerminal else { throw CommandError.needsConfirmation(what: what) }
        StandardStreams.writeError(question + " [y/N] ")
        let answer = StandardStreams.readInputLine()?.trimmingTrailingSpaces().lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// "entry 12 \"Standup\"" for one entry, "12 entries (\"Standup\", \"Garden\" and 10 more)" for several.
    static func naming(_ entries: [EntrySummary]) -> String {
        if entries.count == 1, let only = entries.first {
            return "entry \(only.id) \"\(TerminalText.visible(only.title))\""
        }
        let shown = entries.prefix(3).map { "\"\(TerminalText.visible($0.title))\"" }
        let rest = entries.count - shown.count
        let list =
            rest > 0
            ? shown.joined(separator: ", ") + " and \(rest) more"
            : shown.dropLast().joined(separator: ", ") + " and " + (shown.last ?? "")
        return "\(entries.count) entries (\(list))"
    }
}
