import EntryInterchange
import EntryModel

/// Failures of the command line itself (the store and the formats have their own error types).
enum CommandError: Error, CustomStringConvertible {
    case noDatabase(path: String)
    case emptyTitle
    /// `entries add` read standard input, and it held no text.
    case emptyInput
    case notText(source: String, line: Int, column: Int)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    case importRefused(source: String, format: String, reason: String)
    case exportOnlyFormat(source: String, format: String)
    case editRefused(reason: String, savedAt: String?)
    /// The buffer of `entries edit` with filters could not be stored: nothing of it was.
    case editManyRefused(reason: String, savedAt: String?)
    case addRefused(reason: String, savedAt: String?)
    case noStoryboards(paths: [String])
    case copyRefused(destination: String, reason: String)
    case emptyTag
    case emptyDateRange(from: String, to: String)
    case unknownTag(String)
    case sameTag(String)
    case tagInUse(from: String, to: String)
    /// The entry asked for is in the trash.
    case inTrash(id: Int64, title: String)
    /// A change to several entries that asks first, with no terminal to ask at and no `--yes`.
    case needsConfirmation(what: String)
    /// A move whose destination failed at its very end and whose entries could not be put back.
    case moveLost(saved: String?, reason: String)

    var description: String {
        switch self {
        case .noDatabase(let path):
            return "no database at \(path): `entries add` or `entries import` creates one there"
        case .emptyTitle:
            return "the title is empty (every entry needs one)"
        case .emptyInput:
            return
                "standard input is empty: no entry to add (give the entry as words, or pipe its text); nothing was added"
        case let .notText(source, line, column):
            return "\(source) is not UTF-8 text (invalid byte at line \(line), column \(column))"
        case let .cannotRead(path, reason):
            return "cannot read \(path): \(reason)"
        case let .cannotWrite(path, reason):
            return "cannot write \(path): \(reason)"
        case let .exportOnlyFormat(source, format):
            return "cannot import \(source): it is \(format), a format entries writes but does not read; "
                + "to move entries between journals, export them with --format json (or jsonl, csv, or markdown-folder "
                + "for a folder of Markdown files) and import that"
        case let .importRefused(source, format, reason):
            return "cannot import \(source) as \(format): \(reason); nothing was imported"
        case let .editRefused(reason, savedAt):
            let saved = savedAt.map { "; your text is saved in \($0)" } ?? ""
            return "\(reason)\(saved); the entry was not changed"
        case let .editManyRefused(reason, savedAt):
            let saved = savedAt.map { "; your text is saved in \($0)" } ?? ""
            return "\(reason)\(saved); no entry was changed"
        case let .copyRefused(destination, reason):
            return "cannot copy into \(destination): \(reason); nothing was copied"
        case let .addRefused(reason, savedAt):
            let saved = savedAt.map { "; your text is saved in \($0)" } ?? ""
            return "\(reason)\(saved); nothing was added"
        case .emptyTag:
            return "the new tag is empty"
        case let .emptyDateRange(from, to):
            return
                "--from \(QuotedExcerpt.quoted(TerminalText.visible(from))) comes after --to \(QuotedExcerpt.quoted(TerminalText.visible(to))): no date is in between"
        case .unknownTag(let tag):
            return
                "no entry carries the tag \(QuotedExcerpt.quoted(TerminalText.visible(tag))) (entries tag list shows the tags)"
        case .sameTag(let tag):
            return "the tag is \(QuotedExcerpt.quoted(TerminalText.visible(tag))) already"
        case let .tagInUse(from, to):
            return
                "the tag \(QuotedExcerpt.quoted(TerminalText.visible(to))) is in use: `entries tag merge \(TerminalText.visible(from)) \(TerminalText.visible(to))` merges them"
        case let .inTrash(id, title):
            return
                "entry \(id) \"\(TerminalText.visible(title))\" is in the trash: `entries trash restore \(id)` brings it back"
        case .needsConfirmation(let what):
            return "\(what) asks first, and there is no terminal to ask at: give --yes to go ahead; nothing was changed"
        case let .moveLost(saved, reason):
            let kept =
                saved.map { "; they are kept in \($0) (`entries import` it into either journal)" }
                ?? "; they could not be written to a file either"
            return "the move failed at its end: \(reason)\(kept)"
        case .noStoryboards(let paths):
            return "no storyboard files in \(paths.joined(separator: ", ")) (their names end in .storyboard)"
        }
    }
}

extension CommandError {
    /// An import's refusal, said as every command says it (with "nothing was imported").
    init(_ error: ImportSourceError) {
        switch error {
        case let .cannotRead(path, reason): self = .cannotRead(path: path, reason: reason)
        case let .refused(source, format, reason): self = .importRefused(source: source, format: format, reason: reason)
        case let .exportOnlyFormat(source, format): self = .exportOnlyFormat(source: source, format: format)
        }
    }
}
