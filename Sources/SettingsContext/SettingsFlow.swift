import EntryModel

/// What the Settings context needs from outside. The App Controller conforms to it.
@MainActor
public protocol SettingsFlow: AnyObject {
    /// Dismisses the Settings context, back to exactly where the user was.
    func hideSettings()
    /// Hides Settings and shows this entry's details in the Entries context.
    func showDetails(for entry: EntrySummary)
    /// The user changed a preference (already saved): apply it at once everywhere.
    func preferencesDidChange(_ preferences: Preferences)
    /// Shows an error the user can act on in the app's status line.
    func showError(_ error: any Error)
    /// Ends the app (the storyboard's `quit`).
    func quit()
}
