import ArgumentParser
import EntryModel
import Foundation

/// `--tag` (repeatable), `--any-tag` and `--starred`: which entries `list` and `export` keep, by
/// their marks. Several tags mean all of them, as in jrnl (`jrnl @a @b` shows entries with both);
/// `--any-tag` makes it any of them (jrnl's `-or`).
struct EntryFilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Only entries that carry this tag (whole tag, ignoring case; @python means python, as in jrnl). Give it again for several tags: entries with all of them, or any of them with --any-tag.",
            valueName: "tag"),
        completion: .custom(CompletionCandidates.tags))
    var tag: [String] = []

    @Flag(help: "With several --tag: entries with any of the tags instead of all of them.")
    var anyTag = false

    @Flag(help: "Only starred entries.")
    var starred = false

    func validate() throws {
        if anyTag && tag.count < 2 { throw ValidationError("--any-tag needs at least two --tag options") }
    }

    /// Whether any of these options was given.
    var isFiltering: Bool { !tag.isEmpty || starred }

    /// The filter the options ask for (with `created`), the tags read as ``TagArgument/filterTag(_:in:)`` does.
    func filter(created: Range<Date>?, in entries: any EntryRepository) throws -> EntryFilter {
        let tags = try tag.map { try TagArgument.filterTag($0, in: entries) }
        return EntryFilter(tags: tags, match: anyTag ? .any : .all, created: created, starred: starred)
    }

    /// "No entries …." for a list these options emptied, e.g. `No starred entries with the tag work.`
    var noEntriesMessage: String {
        let tags = tag.map { TerminalText.visible($0) }.joined(separator: anyTag ? " or " : " and ")
        let noun = starred ? "starred entries" : "entries"
        switch tag.count {
        case 0: return "No \(noun).\n"
        case 1: return "No \(noun) with the tag \(tags).\n"
        default: return "No \(noun) with the tags \(tags).\n"
        }
    }
}
