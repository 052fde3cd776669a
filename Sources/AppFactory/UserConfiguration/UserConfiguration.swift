import AppShell
import EntriesContext
import EntryModel

/// The person's own settings, from `$XDG_CONFIG_HOME/entries/config.yaml`: what ``UserConfigurationFile``
/// read, each value with the line it was written on (so `entries config` can say where it came from).
///
/// Which settings belong where: the database, the editor and the theme are the person's (config
/// only; a theme picked in Settings is written here by `ConfigFileThemeWriter`); the sort order, the date format, colour on/off and confirming deletes are also the journal's
/// own preferences (Settings keeps them in the database). A value in the config wins over the journal's
/// at every start; leave it out to let Settings decide and remember.
public struct UserConfiguration: Sendable, Equatable {
    /// A value and the 1-based line of the config file it was written on.
    public struct Located<Value: Sendable & Equatable>: Sendable, Equatable {
        /// The value as read and checked.
        public var value: Value
        /// The 1-based line of the config file the value was written on.
        public var line: Int

        /// Creates a value read on `line` of the config file.
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
    /// `colors:` roles recoloured over the theme, in file order.
    public var colors: Located<[RoleColors]>?
    /// `mouse:` whether the app asks the terminal for mouse reports (default: true).
    public var mouse: Located<Bool>?
    /// `sort:` the order of the list.
    public var sortOrder: Located<EntrySortOrder>?
    /// `date-format:` how dates are shown.
    public var dateStyle: Located<DateStyle>?
    /// `confirm-delete:` whether deleting asks first.
    public var confirmBeforeDelete: Located<Bool>?
    /// `color:` whether the UI uses colour (`NO_COLOR` still wins).
    public var colorEnabled: Located<Bool>?
    /// `first-day-of-week:` the column the calendar starts weeks with.
    public var firstWeekday: Located<FirstWeekday>?
    /// `template:` the body a new entry starts with (inline, or read from the file it names), with
    /// `{date}` and `{time}` filled in when the editor opens.
    public var template: Located<String>?
    /// Why the file `template:` names could not be read (missing, not text, too large), else nil.
    /// Only what writes a new entry reports it (``checkTemplate()``): reading needs no template.
    public var templateProblem: UserConfigurationError?
    /// `preview:` whether the list shows the selected entry's preview at start (default: true).
    public var preview: Located<Bool>?
    /// `preview-width:` the terminal width from which the preview is beside the list (default: 100).
    public var previewWidth: Located<Int>?
    /// `preview-height:` on narrower terminals, the height from which it is below the list (default: 32).
    public var previewHeight: Located<Int>?
    /// `list-row:` the list row's layout in its one-line form (`"{star}{title}  {created:short}"`),
    /// compiled and checked; a `EntryList.layout` file beside it is refused as a second one.
    public var listRow: Located<Layout>?
    /// `list-row:` as written, for `entries config`.
    public var listRowFormat: String?
    /// `journals:` named journals (`work: ~/work.sqlite`), in file order, each name once and each
    /// file or server database under one name only.
    public var journals: [NamedJournal] = []
    /// `default-journal:` the name of the journal opened when nothing else chooses one (one of
    /// ``journals``). Without it, a journal named `default` is the default, else `database:`.
    public var defaultJournal: Located<String>?

    /// The preview this configuration chooses, over `EntryPreviewLayout/standard`.
    public var previewLayout: EntryPreviewLayout {
        let standard = EntryPreviewLayout.standard
        return EntryPreviewLayout(
            shownAtStart: preview?.value ?? standard.shownAtStart,
            minimumWidth: previewWidth?.value ?? standard.minimumWidth,
            minimumHeight: previewHeight?.value ?? standard.minimumHeight)
    }

    /// Throws ``templateProblem``, when there is one: called by what starts a new entry from the
    /// template (`entries add` in the editor, the app at start) before anything else.
    public func checkTemplate() throws(UserConfigurationError) {
        if let templateProblem { throw templateProblem }
    }

    /// What a new entry starts from in the editor.
    public var newEntryTemplate: NewEntryTemplate { NewEntryTemplate(body: template?.value ?? "") }

    /// One role recoloured (`selection: {foreground: black, background: "#ffd700"}`).
    public struct RoleColors: Sendable, Equatable {
        /// The role recoloured (`selection`, `status-bar`…).
        public var role: Theme.Role
        /// The role's new text colour; nil keeps the theme's.
        public var foreground: Color?
        /// The role's new background colour; nil keeps the theme's.
        public var background: Color?
        /// The 1-based line of the config file the role was written on.
        public var line: Int

        /// Creates a recolouring of `role` written on `line`; a colour left out keeps the theme's.
        public init(role: Theme.Role, foreground: Color? = nil, background: Color? = nil, line: Int) {
            self.role = role
            self.foreground = foreground
            self.background = background
            self.line = line
        }
    }

    /// The theme this configuration chooses (`dark` when none), with its `colors:` over it.
    public var resolvedTheme: Theme {
        theme(named: theme?.value ?? Preferences.defaultThemeName)
    }

    /// The built-in theme `name` (`dark` for a name there is none of) with this configuration's
    /// `colors:` over it: what the app draws with when Settings picks `name`.
    public func theme(named name: String) -> Theme {
        var theme = Theme.named(name) ?? .dark
        for colors in self.colors?.value ?? [] {
            if let foreground = colors.foreground { theme[colors.role].foreground = foreground }
            if let background = colors.background { theme[colors.role].background = background }
        }
        return theme
    }

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
        if let firstWeekday { result.firstWeekday = firstWeekday.value }
        return result
    }
}
