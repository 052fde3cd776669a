/// One journal of the config file's `journals:`: a name the person types (`entries add -j work`) for
/// a location (an SQLite file, `~` expanded, or a `postgresql://` URL).
public struct NamedJournal: Sendable, Equatable {
    /// The name as written (`work`).
    public var name: String
    /// The file path or `postgresql://` URL.
    public var location: String
    /// The 1-based line of the config file the journal is named on.
    public var line: Int

    /// Creates the journal `name` at `location`, named on `line` of the config file.
    public init(name: String, location: String, line: Int) {
        self.name = name
        self.location = location
        self.line = line
    }

    /// The name the journal opened when nothing chooses another is known by, when the config does not
    /// name one (jrnl's convention): `-j default` always opens it.
    public static let defaultName = "default"
}

extension UserConfiguration {
    /// The journal named `name`, when the config has one.
    public func journal(named name: String) -> NamedJournal? {
        journals.first { $0.name == name }
    }
}
