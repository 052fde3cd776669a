/// What `entries` without a subcommand does: open the terminal UI.
///
/// The UI is not part of this build yet. When it is, `run()` becomes: open the database with
/// `options.databaseAccess().openForWriting()`, build the App Factory with it (and
/// `options.storyboards`), and ask the App Controller to launch in the terminal window.
struct TerminalUILaunch {
    let options: GlobalOptions

    func run() throws {
        throw CommandError.terminalUIUnavailable
    }
}
