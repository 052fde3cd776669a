import XCTest

final class EntriesRootCommandTests: EntriesCommandTestCase {
    func testWithoutSubcommandAndWithoutTerminalSaysTheUINeedsOne() throws {
        let result = try entries()
        assertFails(result, containing: "needs a terminal")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "no database is created for nothing")
    }

    func testHelpListsEverySubcommandAndTheDatabaseRules() throws {
        let help = try succeed("--help")
        for word in [
            "list", "show", "search", "add", "edit", "delete", "import", "export", "--database", "--storyboards",
            "ENTRIES_DATABASE", "sample entries",
        ] {
            XCTAssertTrue(help.contains(word), "--help mentions \(word)")
        }
        for command in ["list", "show", "search", "add", "edit", "delete", "import", "export"] {
            let subcommandHelp = try succeed(command, "--help")
            XCTAssertTrue(subcommandHelp.contains("USAGE: entries \(command)"), subcommandHelp)
            XCTAssertTrue(subcommandHelp.contains("--database <path>"), "\(command) --help shows the global options")
        }
    }

    func testUsageErrorsKeepArgumentParserStatus64() throws {
        let unknown = try entries("frobnicate")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.error.contains("frobnicate"), unknown.error)
        XCTAssertEqual(try entries("list", "--sort", "sideways").status, 64)
        XCTAssertEqual(try entries("list", "--limit", "0").status, 64)
        XCTAssertEqual(try entries("show").status, 64)
        XCTAssertEqual(try entries("show", "seven").status, 64)
        XCTAssertEqual(try entries("add", "--body", "no title").status, 64)
    }

    /// A word in the subcommand's place that names none, but is one typo from one (or is jrnl's
    /// option for it), gets the command's name; anything else gets none, and all stay usage errors.
    func testAMistypedCommandIsNamedAndNothingIsRun() throws {
        func run(_ arguments: [String]) throws -> CommandResult {
            try EntriesBinary.run(arguments, input: nil, environment: environment([:]), directory: directory)
        }
        for (typed, meant) in [
            (["tags"], "tag"), (["serach", "coffee"], "search"), (["--export", "json"], "export"),
            (["--tags"], "tag"), (["-j", "tags", "lsit"], "list"), (["--database", "x.sqlite", "edti"], "edit"),
            (["-n", "10"], "read -n N"), (["-starred"], "list --starred"), (["-contains", "mum"], "search WORDS"),
            (["--short"], "list"), (["-on", "today"], "list --on DATE"), (["-from", "yesterday"], "list --from DATE"),
            (["@family"], "list --tag NAME"), (["-today-in-history"], "list --on-this-day"), (["-short"], "list"),
        ] {
            let result = try run(typed)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(result.error.contains("Did you mean 'entries \(meant)'?"), "\(typed): \(result.error)")
        }
        for typed in [["frobnicate"], ["--database", "tags", "bogus-word"], ["list", "--tagz", "x"], ["x"]] {
            let result = try run(typed)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertFalse(result.error.contains("Did you mean 'entries "), "\(typed): \(result.error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a usage error opens no journal")
    }

    /// jrnl writes `jrnl yesterday: Called mum.` as an entry; here that is a usage error that says how
    /// to write it, and nothing is written.
    func testAnEntryTypedTheJrnlWayIsNotWrittenAndTheErrorSaysHowToWriteIt() throws {
        for typed in [["yesterday:", "Called", "mum.", "@family"], ["Quick note *"], ["x"]] {
            let result = try EntriesBinary.run(typed, input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(
                result.error.contains("To write an entry, put 'add' first: entries add"), "\(typed): \(result.error)")
            XCTAssertFalse(result.error.contains("Did you mean"), "\(typed): \(result.error)")
        }
        for typed in [["--frobnicate"], ["--export", "json"]] {
            let result = try EntriesBinary.run(typed, input: nil, environment: environment([:]), directory: directory)
            XCTAssertFalse(result.error.contains("put 'add' first"), "an option is no entry: \(typed): \(result.error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a usage error opens no journal")
    }

    /// More of jrnl's filters: `jrnl -5` and `jrnl -n5` (the five newest), `-not @tag`, `-or`. Each was an
    /// unknown option with nothing to go on.
    func testMoreJrnlFiltersNameWhatToType() throws {
        for (typed, meant) in [
            (["-5"], "read -n N"), (["-n5"], "read -n N"), (["-12", "@work"], "read -n N"),
            (["-not", "@work"], "search -tag:NAME"), (["-or", "@work", "@home"], "list --tag A --tag B --any-tag"),
        ] {
            let result = try EntriesBinary.run(typed, input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(result.error.contains("Did you mean 'entries \(meant)'?"), "\(typed): \(result.error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a usage error opens no journal")
    }

    /// jrnl's `--format json` (or `markdown`) typed by habit: at the root it names `export`, after a command
    /// that has no `--format` it is an unknown option that names `--json`, never an error about the word
    /// after it (`list --format json` blamed a date, `read --format json` an id).
    func testJrnlFormatOptionIsNamedAsUnknownWithWhatToTypeInstead() throws {
        func run(_ arguments: [String]) throws -> CommandResult {
            try EntriesBinary.run(arguments, input: nil, environment: environment([:]), directory: directory)
        }
        for typed in [["--format", "json"], ["--format=markdown"], ["-j", "work", "--format", "json"]] {
            let result = try run(typed)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(
                result.error.contains("Did you mean 'entries export --format FORMAT'?"), "\(typed): \(result.error)")
        }
        for (typed, meant) in [
            (["list", "--format", "json"], "--json"), (["search", "--format", "json", "mum"], "--json"),
            (["show", "3", "--format=json"], "--json"), (["list", "-n", "5", "--format", "short"], "--json"),
            (["read", "--format", "json", "-n", "1"], "entries export --format FORMAT"),
        ] {
            let result = try run(typed)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
            XCTAssertTrue(result.error.contains("Unknown option '--format"), "\(typed): \(result.error)")
            XCTAssertTrue(result.error.contains("Did you mean '\(meant)'?"), "\(typed): \(result.error)")
            XCTAssertFalse(result.error.contains("date after"), "\(typed): \(result.error)")
            XCTAssertFalse(result.error.contains("<ids>"), "\(typed): \(result.error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a usage error opens no journal")
        // Where --format is an option, or a searched word after `--`, nothing changes.
        XCTAssertFalse(try run(["export", "--format", "json"]).error.contains("Did you mean"))
        XCTAssertFalse(try run(["search", "--", "--format"]).error.contains("Unknown option"))
    }

    /// `-short` after a command is read as grouped flags holding `-h`: the help was printed with status
    /// 0 although nothing was done and nobody asked for it.
    func testGroupedFlagsHoldingHelpAreAnUnknownOptionNotASuccess() throws {
        for typed in [["list", "-short"], ["tag", "-shh"], ["export", "-th"]] {
            let result = try EntriesBinary.run(typed, input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(result.status, 64, "\(typed): \(result.output)")
            XCTAssertTrue(result.error.contains("Unknown option '\(typed[1])'"), "\(typed): \(result.error)")
        }
        for asked in [["list", "-h"], ["list", "--help"], ["help", "list"]] {
            let result = try EntriesBinary.run(asked, input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(result.status, 0, "\(asked): \(result.error)")
            XCTAssertTrue(result.output.contains("USAGE"), "\(asked)")
        }
    }

    func testGlobalOptionsWorkBeforeAndAfterTheSubcommand() throws {
        let other = directory.appendingPathComponent("other.sqlite").path
        try succeed("--database", other, "add", "--title", "Before")
        try succeed("add", "--database", other, "--title", "After", "--storyboards", directory.path)
        let listed = try decodeSummaries(
            try succeed("list", "--json", "--database", other, environment: ["ENTRIES_DATABASE": nil]))
        XCTAssertEqual(Set(listed.map(\.title)), ["Before", "After"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "ENTRIES_DATABASE was overridden")
    }

    /// An unknown option before a command's positional words was blamed on those words: `list --bogus x`
    /// said "a date after `list` is read only with --on-this-day", `read --bogus x` that 'x' is no id,
    /// `copy --bogus 5` that --to is missing. Every command that takes positional words names it first.
    func testAnUnknownOptionIsNamedBeforeAnyPositionalWordIsRead() throws {
        let commands: [[String]] = [
            ["list"], ["list", "--on-this-day"], ["show"], ["read"], ["edit"], ["star"], ["unstar"], ["delete"],
            ["import"], ["export"], ["move"], ["copy"], ["tag", "rename"], ["tag", "merge"], ["trash", "restore"],
            ["trash", "empty"], ["completions"], ["storyboard", "lint"], ["storyboard", "graph"],
            ["storyboard", "compile"], ["layout", "lint"],
        ]
        for command in commands {
            for (unknown, words) in [("--bogus", ["x"]), ("--tagz", ["5"]), ("--bogus=1", ["5", "6"])] {
                for typed in [command + [unknown] + words, command + words + [unknown]] {
                    let result = try EntriesBinary.run(
                        typed, input: nil, environment: environment([:]), directory: directory)
                    XCTAssertEqual(result.status, 64, "\(typed): \(result.error)")
                    XCTAssertTrue(
                        result.error.hasPrefix("Error: Unknown option '\(unknown)'\n"), "\(typed): \(result.error)")
                    // With the usage of the command it follows, as the parser's own errors.
                    let name = (["entries"] + command.filter { !$0.hasPrefix("-") }).joined(separator: " ")
                    XCTAssertTrue(result.error.contains("\nUsage: \(name) "), "\(typed): \(result.error)")
                    XCTAssertTrue(result.error.contains("See '\(name) --help'"), "\(typed): \(result.error)")
                }
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "a usage error opens no journal")
        // After `--`, and as the value of an option, such a word is not an option.
        let afterSeparator = try EntriesBinary.run(
            ["read", "--", "--bogus"], input: nil, environment: environment([:]), directory: directory)
        XCTAssertFalse(afterSeparator.error.contains("Unknown option"), afterSeparator.error)
        let asValue = try EntriesBinary.run(
            ["list", "--tag", "--bogus"], input: nil, environment: environment([:]), directory: directory)
        XCTAssertFalse(asValue.error.contains("Unknown option"), asValue.error)
    }

    /// A command that runs its default subcommand when none is named takes that subcommand's options,
    /// and still names an option neither declares.
    func testADefaultSubcommandsOptionsAreKnownWithoutNamingIt() throws {
        let added = try EntriesBinary.run(
            ["add", "A day @work"], input: nil, environment: environment([:]), directory: directory)
        XCTAssertEqual(added.status, 0, added.error)
        for command in ["tag", "trash"] {
            let listed = try EntriesBinary.run(
                [command, "--json"], input: nil, environment: environment([:]), directory: directory)
            XCTAssertFalse(listed.error.contains("Unknown option"), "\(command) --json: \(listed.error)")
            XCTAssertEqual(listed.status, 0, "\(command) --json: \(listed.error)")
            let unknown = try EntriesBinary.run(
                [command, "--bogus"], input: nil, environment: environment([:]), directory: directory)
            XCTAssertEqual(unknown.status, 64, "\(command) --bogus: \(unknown.error)")
            XCTAssertTrue(unknown.error.contains("Unknown option '--bogus'"), "\(command) --bogus: \(unknown.error)")
        }
    }
}
