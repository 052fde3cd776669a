import ArgumentParser

/// The root command: `entries` opens the terminal UI; its subcommands read and change the database
/// from scripts.
struct EntriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entries",
        abstract:
            "Browse and manage entries (notes, journal items) kept in an SQLite database or on a PostgreSQL server.",
        usage: """
            entries [--database <path> | -j <name>] [--storyboards <dir>]     (opens the terminal UI)
            entries <subcommand> [<options>]
            """,
        discussion: """
            Without a subcommand, entries opens the terminal UI on the database. The subcommands \
            list, show, read, search, add, edit, star, delete, import and export entries, and rename or merge tags, \
            from the shell.

            The database is --database PATH if given, else $ENTRIES_DATABASE, else \
            $XDG_DATA_HOME/entries/entries.sqlite (~/.local/share/entries/entries.sqlite when \
            XDG_DATA_HOME is unset). A postgresql://user@host:port/dbname?sslmode=... location opens a \
            database on a PostgreSQL server instead, shared by everyone who opens it (the password comes \
            from PGPASSWORD or ~/.pgpass, never from the command line). The first time the default \
            database is opened by the app or by a command that reads, it is created with a few sample entries \
            that explain the app; a first add or import creates it empty instead, and a database named with \
            --database or $ENTRIES_DATABASE is created empty (by add or import) and never seeded.

            Several journals can be named in the config file (journals: work: ~/work.sqlite); -j NAME \
            (--journal NAME) opens one in any command, and so does $ENTRIES_JOURNAL. First match wins: \
            --database or -j (not both), $ENTRIES_JOURNAL, $ENTRIES_DATABASE, default-journal: in the \
            config, the journal named default, database: in the config, the built-in file. \
            `entries journals` lists them; an unknown name exits with status 64. `entries move ID --to NAME` \
            moves entries from one to another.

            Commands that only read (list, show, search, export) open the database read-only, so they \
            work on a read-only file. Errors are printed as one line starting with "entries: error:" \
            and exit with status 1; usage errors exit with status 64.
            """,
        version: EntriesVersion.current,
        subcommands: [
            ListCommand.self, ShowCommand.self, ReadCommand.self, SearchCommand.self, AddCommand.self, EditCommand.self,
            StarCommand.self, UnstarCommand.self, DeleteCommand.self, ImportCommand.self, ExportCommand.self,
            MoveCommand.self, CopyCommand.self, TagCommand.self, JournalsCommand.self,
            TrashCommand.self, StoryboardCommand.self, LayoutCommand.self, ConfigCommand.self, KeysCommand.self,
            CompletionsCommand.self,
            InitCommand.self, EncryptCommand.self, DecryptCommand.self, PassphraseChangeCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var flow: StoryboardOptions

    mutating func run() throws {
        try CommandErrorReporter.reporting {
            try TerminalUILaunch(options: global, storyboards: flow).run()
        }
    }
}
