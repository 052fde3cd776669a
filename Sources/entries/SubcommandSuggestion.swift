import ArgumentParser

/// The command a person most likely meant when the word where a subcommand goes names none:
/// `entries tags` (the command is `tag`), `entries serach`, or jrnl's options typed as they are in
/// jrnl (`entries --export json`, `entries --tags`). ArgumentParser suggests close options but never
/// close subcommands, and its message alone ("Unexpected argument 'tags'") leaves the person to read
/// the whole help.
enum SubcommandSuggestion {
    /// The root's options that take a value, so that the word after them is not taken for the
    /// subcommand (`entries --database tags.sqlite` names a file).
    static let optionsWithValue: Set<String> = ["--database", "-j", "--journal", "--storyboards"]

    /// What to write to add an entry, for words that name no command: jrnl writes `jrnl yesterday:
    /// Called mum.` as an entry, entries writes nothing without `add` (a mistyped command must not
    /// become an entry).
    static let addHint = "To write an entry, put 'add' first: entries add yesterday: Called mum. @family"

    /// jrnl's filters typed as in jrnl (`jrnl -n 10`, `jrnl -starred`), by name without dashes, and
    /// the command that does the same here. `jrnl @tag` is `entries list --tag NAME`.
    static let jrnlFilters: [String: String] = [
        "n": "entries read -n N", "starred": "entries list --starred", "contains": "entries search WORDS",
        "short": "entries list", "on": "entries list --on DATE", "from": "entries list --from DATE",
        "to": "entries list --to DATE", "today-in-history": "entries list --on-this-day",
        "and": "entries list --tag A --tag B", "format": "entries export --format FORMAT",
        "not": "entries search -tag:NAME", "or": "entries list --tag A --tag B --any-tag",
    ]

    /// The key of ``jrnlFilters`` a typed option stands for: its name, except that jrnl's count
    /// written in the option (`-5`, `-n5`: the five newest) is `n`.
    static func jrnlFilterName(_ word: String) -> String {
        let name = optionName(word)
        let count = name.hasPrefix("n") ? name.dropFirst() : Substring(name)
        return !count.isEmpty && count.allSatisfy({ $0.isASCII && $0.isNumber }) ? "n" : name
    }

    /// The commands that print entries but have no `--format`, and what to type there for jrnl's
    /// `--format json` (`jrnl -n 5 --format json`): `--json`, or `export` where there is no `--json`.
    static let jrnlFormatInstead: [String: String] = [
        "list": "--json", "search": "--json", "show": "--json", "read": "entries export --format FORMAT",
    ]

    /// jrnl's `--format` after one of ``jrnlFormatInstead``'s commands (before any `--`): the word
    /// as typed and what to type instead, or nil. Refused before parsing, since the parser would take
    /// the value after it for the command's argument and blame that (a date, an id) instead.
    static func jrnlFormatOption(in arguments: [String]) -> (typed: String, instead: String)? {
        guard let command = wordInSubcommandPlace(arguments), let instead = jrnlFormatInstead[command] else {
            return nil
        }
        let options = arguments.prefix { $0 != "--" }
        guard let typed = options.first(where: { $0 == "--format" || $0.hasPrefix("--format=") }) else { return nil }
        return (typed, instead)
    }

    /// The jrnl filter typed where a subcommand goes (`-short`, `--today-in-history`), or nil. The
    /// parser would read `-short` as the flags `-s -h -o -r -t`, and print the help with status 0 for
    /// its `-h`: such a word is refused as an unknown option before parsing.
    static func jrnlFilter(in arguments: [String]) -> String? {
        guard let word = wordInSubcommandPlace(arguments), word.hasPrefix("-") else { return nil }
        return jrnlFilters[jrnlFilterName(word)] == nil ? nil : word
    }

    /// An option's name without its dashes and any `=value` (`--format=json` → `format`), lowercased;
    /// a word without dashes only lowercased.
    static func optionName(_ word: String) -> String {
        guard word.hasPrefix("-") else { return word.lowercased() }
        return String(word.drop(while: { $0 == "-" }).prefix { $0 != "=" }).lowercased()
    }

    /// The word ArgumentParser took for grouped short flags holding `-h` (`entries list -short`), when
    /// nobody asked for help: no `-h`, `--help`, `help` or `--version` among `arguments` (before `--`).
    static func groupedFlagsHidingHelp(in arguments: [String]) -> String? {
        let options = arguments.prefix { $0 != "--" }
        let asked: Set<String> = ["-h", "--help", "help", "--version", "---completion"]
        guard !options.contains(where: asked.contains) else { return nil }
        return options.first {
            $0.count > 2 && $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.dropFirst().contains("h")
        }
    }

    /// The line to add to a usage error for `arguments` (as given, without the program's name), or nil
    /// when the word in the subcommand's place is a subcommand. A word close to a command names that
    /// command; other words, as a jrnl user types an entry, get ``addHint``. The typed words are never
    /// repeated: the line says only what to type.
    static func line(for arguments: [String], subcommands: [String]) -> String? {
        guard let word = wordInSubcommandPlace(arguments), !subcommands.contains(word) else { return nil }
        let bare = optionName(word)
        guard !bare.isEmpty else { return nil }
        let jrnlName = jrnlFilterName(word)
        if word.hasPrefix("@") || (word.hasPrefix("-") && jrnlFilters[jrnlName] != nil) {
            let meant = word.hasPrefix("@") ? "entries list --tag NAME" : jrnlFilters[jrnlName] ?? ""
            return "Did you mean '\(meant)'? (jrnl's filter; `entries --help` lists the commands)"
        }
        if bare.count <= 32 {
            let distances = subcommands.map { (name: $0, distance: editDistance(bare, $0)) }
            if let best = distances.min(by: { $0.distance < $1.distance }),
                best.distance <= allowedDistance(for: best.name)
            {
                return "Did you mean 'entries \(best.name)'? (`entries --help` lists the commands)"
            }
        }
        return word.hasPrefix("-") ? nil : addHint
    }

    /// The first argument that is not a root option or an option's value: where a subcommand goes.
    static func wordInSubcommandPlace(_ arguments: [String]) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if optionsWithValue.contains(argument) {
                index += 2
            } else if optionsWithValue.contains(where: { argument.hasPrefix($0 + "=") }) {
                index += 1
            } else {
                return argument
            }
        }
        return nil
    }

    /// One typo in a short name, two in a longer one: `tags` → `tag`, `serach` → `search`, but
    /// `frobnicate` → nothing.
    static func allowedDistance(for name: String) -> Int {
        name.count <= 4 ? 1 : 2
    }

    /// The Damerau–Levenshtein distance (optimal string alignment) between two short words:
    /// insertions, deletions, substitutions and swaps of two neighbours each count one.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
