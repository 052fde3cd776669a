import EntryModel
import Foundation

/// Where the database file lives when the user does not say.
public enum DatabaseLocation {
    /// The database path to use, first match wins:
    /// 1. `explicitPath` (e.g. `--database`), with a leading `~/` expanded;
    /// 2. `$ENTRIES_DATABASE`;
    /// 3. `$XDG_DATA_HOME/entries/entries.sqlite` (only when absolute, as the XDG spec requires);
    /// 4. `~/.local/share/entries/entries.sqlite`.
    ///
    /// Empty values count as unset. `environment` is usually `ProcessInfo.processInfo.environment`.
    public static func resolve(explicitPath: String?, environment: [String: String]) -> String {
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        if let explicitPath = nonEmpty(explicitPath) {
            return expandingTilde(explicitPath, home: home)
        }
        if let fromEnvironment = nonEmpty(environment["ENTRIES_DATABASE"]) {
            return expandingTilde(fromEnvironment, home: home)
        }
        if let dataHome = nonEmpty(environment["XDG_DATA_HOME"]), dataHome.hasPrefix("/") {
            return join(dataHome, "entries/entries.sqlite")
        }
        return join(home, ".local/share/entries/entries.sqlite")
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func expandingTilde(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return join(home, String(path.dropFirst(2))) }
        return path
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}
