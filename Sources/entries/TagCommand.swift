import ArgumentParser
import EntryModel
import Foundation

/// `entries tag …`: the tags in use, and renaming or merging them across every entry at once.
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "List, rename and merge tags across all entries.",
        discussion: """
            A rename or merge changes every entry carrying the tag in one transaction: all of them or \
            none. It relabels, it does not edit: the entries keep their updated time.
            """,
        subcommands: [TagListCommand.self, TagRenameCommand.self, TagMergeCommand.self],
        defaultSubcommand: TagListCommand.self
    )
}

/// `entries tag list`: every tag with how many entries carry it.
struct TagListCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the tags in use, with how many entries carry each.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print a JSON array of {tag, count}.")
    var json = false

    func execute() throws {
        let database = try global.databaseAccess().openForReading()
        defer { database.close() }
        let tags = try database.entries.tags()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try StandardStreams.writeOutput(String(decoding: try encoder.encode(tags), as: UTF8.self) + "\n")
        } else if tags.isEmpty {
            try StandardStreams.writeOutput("No tags.\n")
        } else {
            let width = tags.map { String($0.count).count }.max() ?? 1
            let lines = tags.map {
                String(repeating: " ", count: width - String($0.count).count)
                    + "\($0.count)  \(TerminalText.visible($0.tag))\n"
            }
            try StandardStreams.writeOutput(lines.joined())
        }
    }
}

/// `entries tag rename OLD NEW`: a new name for a tag; refused when NEW is in use (that is a merge).
struct TagRenameCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a tag on every entry that carries it.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The tag's name now (@python means python).")
    var tag: String

    @Argument(help: "Its new name.")
    var newName: String

    func execute() throws {
        try TagRelabelling(global: global, tag: tag, newTag: newName, merging: false).run()
    }
}

/// `entries tag merge A B`: every entry tagged A is tagged B instead.
struct TagMergeCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge a tag into another: entries tagged A are tagged B instead.")

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The tag that goes away (@python means python).")
    var tag: String

    @Argument(help: "The tag it becomes; it may be in use already.")
    var into: String

    func execute() throws {
        try TagRelabelling(global: global, tag: tag, newTag: into, merging: true).run()
    }
}

/// What rename and merge share: the checks, the change and its report.
struct TagRelabelling {
    var global: GlobalOptions
    var tag: String
    var newTag: String
    var merging: Bool

    func run() throws {
        let target = TagArgument.storedTag(newTag).trimmingWhitespace()
        guard !target.isEmpty else { throw CommandError.emptyTag }
        let entries = try global.databaseAccess().openForWriting().entries
        let source = try TagArgument.filterTag(tag, in: entries)
        guard try entries.count(filter: EntryFilter(tag: source)) > 0 else { throw CommandError.unknownTag(source) }
        guard source != target else { throw CommandError.sameTag(source) }
        // Another spelling of the same tag (`Work` into `work`) is a change of case, not a merge.
        if !merging, !TagKey.same(source, target), try entries.count(filter: EntryFilter(tag: target)) > 0 {
            throw CommandError.tagInUse(from: source, to: target)
        }
        let changed = try entries.renameTag(source, to: target)
        let verb = merging ? "Merged" : "Renamed"
        let noun = changed == 1 ? "entry" : "entries"
        try StandardStreams.writeOutput(
            "\(verb) \(TerminalText.visible(source)) into \(TerminalText.visible(target)) on \(changed) \(noun).\n")
    }
}
