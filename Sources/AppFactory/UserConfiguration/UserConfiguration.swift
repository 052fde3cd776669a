import EntryStore

/// The person's own settings, from `$XDG_CONFIG_HOME/entries/config.yaml`: what ``UserConfigurationFile``
/// read, each value with the line it was written on (so `entries config` can say where it came from).
///
/// Which settings belong where: the database, the editor and the theme are the person's (config
/// only); the sort order, the date format, colour on/off and confirming deletes are also the journal's
/// own preferences (Settings keeps them in the database). A value in the config wins over the journal's
/// at every start; leave it out to let Settings decide and remember.
public struct UserConfiguration: Sendable, Equatable {
    /// A value and the 1-based line of the config file it was written on.
    public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
        public var value: Value
        public var line: Int

        public init(_ value: Value, line: Int) {
            self.value = value
            self.line = line
        }
    }

    /// The file these values came from (it may not exist: then every value is nil).
    public var path: String
    /// `database:` the journal file (`~` expanded).
    public var database: Located<String>?
    /// `editor:` the command that edits an entry (`nvim`, `code --wait`).
    public var editor: Located<String>?
    /// `theme:` the name of a built-in theme (`dark`, `light`, `high-contrast`, `mono`).
    public var theme: Located<String>?
    /// `sort:` the order of the list.
    public var sortOrder: Located<EntrySortOrder>?
    /// `date-format:` how dates are shown.
    public var dateStyle: Located<DateStyle>?
    /// `confirm-delete:` whether deleting asks first.
    public var confirmBeforeDelete: Located<Bool>?
    /// `color:` whether the UI uses colour (`NO_COLOR` still wins).
    public var colorEnabled: Located<Bool>?

    /// A configuration with nothing set, as when the file does not exist.
    public init(path: String) {
        self.path = path
    }

    /// `preferences` with the values this configuration sets put over them.
    public func applied(to preferences: Preferences) -> Preferences {
        var result = preferences
        if let sortOrder { result.sortOrder = sortOrder.value }
        if let dateStyle { result.dateStyle = dateStyle.value }
        if let confirmBeforeDelete { result.confirmBeforeDelete = confirmBeforeDelete.value }
        if let colorEnabled { result.colorEnabled = colorEnabled.value }
        return result
    }
}
