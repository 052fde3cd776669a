import EntryModel

/// What the Entries context needs from outside: the moves that leave the context. The App Controller
/// conforms to it; an app embedding the context alone provides its own. Other contexts are reached by
/// the storyboard's segues into them (`to: Calendar`), which the presenter performs: they add nothing here.
@MainActor
public protocol EntriesFlow: AnyObject {
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
    /// An app with one journal says so when the storyboard's `showJournals` key is pressed.
    public func showJournals() {
        showMessage("This app has one journal")
    }
}
