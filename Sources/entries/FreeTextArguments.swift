import ArgumentParser
import Foundation

/// The command lines of commands whose words are free text (`entries add "-5 degrees this morning."`,
/// `entries search garden -slugs`), made safe for ArgumentParser before it sees them.
///
/// ArgumentParser reads every argument that starts with `-` as options: `"-5 degrees this morning."`
/// is the short flags `-5`, `-d`, `-e`, … and, since it holds an `h`, asked for help (exit 0, nothing
/// added). Here each argument after the subcommand is sorted by what the command declares (its
/// options, from ArgumentParser's own description of it, so the two never disagree):
/// - a declared option or flag stays one (`--tag work`, `--limit=5`, `-y`); an option's value is
///   attached (`--title=-5 below`), so a value may start with `-`;
/// - an unknown `--name` stays an option, for ArgumentParser to refuse (exit 64): `search --sort
///   title web` is a mistake, not a search for "--sort title web";
/// - everything else is a word of the text, `-5 degrees…` and `-slugs` included;
/// - after `--`, everything is a word of the text (`search -- python --limit 2` looks for those
///   four words).
///
/// The words are then put after one `--`, in their order, so that ArgumentParser takes them as they are.
enum FreeTextArguments {
    /// The subcommands whose positional arguments are text, and their types.
    static let commands: [String: any ParsableCommand.Type] = [
        "add": AddCommand.self,
        "search": SearchCommand.self,
    ]

    /// `arguments` (without the program name) with the words of a free-text subcommand after `--`;
    /// other command lines unchanged.
    static func protect(_ arguments: [String]) -> [String] {
        // The shells' completion calls (`entries ---completion add -- …`) are ArgumentParser's own.
        if arguments.first == "---completion" { return arguments }
        let root = OptionTable(EntriesCommand.self)
        var index = 0
        // The root's options come before the subcommand (`entries --database x add …`).
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "--" {
            index += root.takesSeparateValue(arguments[index]) ? 2 : 1
        }
        guard index < arguments.count, let command = commands[arguments[index]] else { return arguments }
        let head = Array(arguments[...index])
        // The root's options are taken after the subcommand too (`entries add --storyboards DIR …`).
        return head + protect(words: Array(arguments[(index + 1)...]), of: OptionTable(command).merging(root))
    }

    /// The arguments after the subcommand's name, options first and the words after `--`.
    static func protect(words arguments: [String], of table: OptionTable) -> [String] {
        var options: [String] = []
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                words += arguments[index...]
                break
            }
            switch table.kind(of: argument) {
            case .optionWithValue:
                if index < arguments.count {
                    options.append(argument + "=" + arguments[index])
                    index += 1
                } else {
                    options.append(argument)  // ArgumentParser says the value is missing
                }
            case .option:
                options.append(argument)
            case .word:
                words.append(argument)
            }
        }
        return words.isEmpty ? options : options + ["--"] + words
    }

    /// What a command declares: its long and short names, and which of them take a value.
    struct OptionTable {
        private(set) var flags: Set<String> = ["--help", "-h"]
        private(set) var valued: Set<String> = []

        init(_ command: any ParsableCommand.Type) {
            // ArgumentParser's description of the command (the JSON of `--experimental-dump-help`).
            guard let info = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8)) else {
                return
            }
            for argument in info.command.arguments ?? [] where argument.kind != "positional" {
                for name in argument.names ?? [] {
                    let written = (name.kind == "long" ? "--" : "-") + name.name
                    if argument.kind == "option" { valued.insert(written) } else { flags.insert(written) }
                }
            }
        }

        init(flags: Set<String>, valued: Set<String>) {
            self.flags = flags.union(["--help", "-h"])
            self.valued = valued
        }

        enum Kind: Equatable {
            /// An option whose value is the next argument.
            case optionWithValue
            /// A flag, an option with its value attached, or an unknown `--name` (ArgumentParser refuses it).
            case option
            /// A word of the text.
            case word
        }

        func kind(of argument: String) -> Kind {
            guard argument.hasPrefix("-"), argument.count > 1 else { return .word }
            if valued.contains(argument) { return .optionWithValue }
            if flags.contains(argument) { return .option }
            if argument.hasPrefix("--") {
                let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
                // `--name=value` of a declared option, or an unknown option written as one.
                return argument.contains(where: \.isWhitespace) && !valued.contains(name) ? .word : .option
            }
            // A group of declared short flags (`-yq`) is options; any other `-word` is text.
            let letters = argument.dropFirst()
            if letters.allSatisfy({ flags.contains("-" + String($0)) }) { return .option }
            return .word
        }

        /// The names of both tables.
        func merging(_ other: OptionTable) -> OptionTable {
            OptionTable(flags: flags.union(other.flags), valued: valued.union(other.valued))
        }

        /// Whether `argument` is a `--name` or `--name=value` whose name is not declared (an argument
        /// holding a space, `"--- notes"`, is a word).
        func isUnknownLongOption(_ argument: String) -> Bool {
            guard argument.hasPrefix("--"), argument.count > 2, !argument.contains(where: \.isWhitespace) else {
                return false
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            return !valued.contains(name) && !flags.contains(name)
        }

        /// Whether `argument` is a declared option whose value is the next argument.
        func takesSeparateValue(_ argument: String) -> Bool { valued.contains(argument) }
    }

    /// The part of ArgumentParser's `ToolInfoV0` read here.
    private struct Description: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
