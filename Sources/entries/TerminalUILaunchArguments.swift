/// Command lines that only open the terminal UI — `entries`, `entries --database PATH`,
/// `entries --storyboards DIR`, both, or their `--option=value` forms — recognised without building
/// ArgumentParser's parser, whose reflection over every command and option is about a millisecond of
/// the first screen (issue 17). Anything else, including every malformed or doubtful form (an option
/// twice, an empty value, a value starting with `-`, `--help`, a subcommand), is nil and goes through
/// ArgumentParser as always, with its messages and exit codes. A test checks that ArgumentParser reads
/// every accepted command line the same way.
struct TerminalUILaunchArguments: Equatable {
    var database: String?
    var storyboards: String?

    init?(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let name: String, value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard let next = remaining.popFirst() else { return nil }
                name = argument
                value = next
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--database" where database == nil: database = value
            case "--storyboards" where storyboards == nil: storyboards = value
            default: return nil
            }
        }
    }

    init(database: String? = nil, storyboards: String? = nil) {
        self.database = database
        self.storyboards = storyboards
    }
}
