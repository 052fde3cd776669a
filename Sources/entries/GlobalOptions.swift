import AppShell
import ArgumentParser
import EntryModel
import Foundation

/// The options every command accepts (`entries --database x.sqlite list` and
/// `entries list --database x.sqlite` mean the same).
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file, or a PostgreSQL database as postgresql://user@host:port/dbname?sslmode=… "
                + "(password from PGPASSWORD or ~/.pgpass) (default: $ENTRIES_DATABASE, else ~/.local/share/entries/entries.sqlite).",
            valueName: "path"))
    var database: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A folder of storyboard files that replace the built-in ones (used by the terminal UI).",
            valueName: "dir"))
    var storyboards: String?

    /// Where the database is, and how to open it, for this run.
    func databaseAccess(environment: [String: String] = ProcessInfo.processInfo.environment) -> DatabaseAccess {
        DatabaseAccess(explicitPath: database, environment: environment)
    }

    /// `--storyboards DIR` as the storyboard loader takes it.
    var storyboardOverrides: StoryboardOverrides {
        StoryboardOverrides(directory: storyboards.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
}
