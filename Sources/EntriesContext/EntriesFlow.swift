import EntryModel

/// What the Entries context needs from outside: the moves that leave the context. The App Controller
/// conforms to it; an app embedding the context alone provides its own.
@MainActor
public protocol EntriesFlow: AnyObject {
    /// Presents the Settings context (or whatever the host app shows for `s`).
    func showSettings()
    /// Presents the Journal (or whatever the host app shows for `c`); see the default below.
    func showJournal()
    /// Offers the other journals to switch to (or whatever the host app shows for `o`); see the default below.
    func showJournals()
    /// Ends the app.
    func quit()
    /// Shows a message in the app's status line.
    func showMessage(_ message: String)
    /// Shows an error the user can act on in the app's status line.
    func showError(_ error: any Error)
}

extension EntriesFlow {
    /// An app without a journal says so when the storyboard's `showJournal` key is pressed.
    public func showJournal() {
        showMessage("This app has no journal")
    }

    /// An app with one journal says so when the storyboard's `showJournals` key is pressed.
    public func showJournals() {
        showMessage("This app has one journal")
    }
}
