import AppShell
import EntryModel
import Foundation

/// Where the person's config file is, and reading it: `$XDG_CONFIG_HOME/entries/config.yaml`
/// (`~/.config/entries/config.yaml` when `XDG_CONFIG_HOME` is unset or not absolute, as the XDG spec
/// says). A missing file is an empty configuration; an unreadable or invalid one is an error with
/// every problem located, raised before anything else happens.
public enum UserConfigurationFile {
    /// The folder of the person's files (`config.yaml`, `keys.yaml`, `storyboards/`).
    public static func directory(environment: [String: String]) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return join(configHome, "entries")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return join(home, ".config/entries")
    }

    /// The config file's path, whether it exists or not.
    public static func path(environment: [String: String]) -> String {
        join(directory(environment: environment), "config.yaml")
    }

    /// The person's keys file: single bindings changed over the storyboards (see `KeyOverlay`).
    public static func keysPath(environment: [String: String]) -> String {
        join(directory(environment: environment), "keys.yaml")
    }

    /// The person's storyboards folder, when it exists: its files replace the built-in storyboards as
    /// `--storyboards` does (which wins over it).
    public static func storyboardsDirectory(environment: [String: String]) -> URL? {
        let path = join(directory(environment: environment), "storyboards")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// The person's layouts folder, when it exists: its `<Kind>.layout` files replace the built-in
    /// layouts (a `--storyboards` folder's win over it).
    public static func layoutsDirectory(environment: [String: String]) -> URL? {
        let path = join(directory(environment: environment), "layouts")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            return nil
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Reads the config file of this environment.
    ///
    /// - Throws: ``UserConfigurationError`` when the file exists but cannot be read, or has problems.
    public static func load(environment: [String: String]) throws(UserConfigurationError) -> UserConfiguration {
        try load(path: path(environment: environment), home: environment["HOME"] ?? NSHomeDirectory())
    }

    /// Reads the config file at `path` (a missing file is an empty configuration).
    public static func load(path: String, home: String) throws(UserConfigurationError) -> UserConfiguration {
        guard FileManager.default.fileExists(atPath: path) else { return UserConfiguration(path: path) }
        let data: Data
        do {
            try checkOwnership(path)
        } catch {
            throw UserConfigurationError(
                path: path,
                diagnostics: [
                    StoryboardDiagnostic(
                        .error, fileName: path, line: 0, column: 0, message: "not read: \(error.reason)")
                ])
        }
        do {
            data = try readBounded(path)
        } catch {
            throw UserConfigurationError(
                path: path,
                diagnostics: [
                    StoryboardDiagnostic(
                        .error, fileName: path, line: 0, column: 0, message: "cannot read the file: \(error.reason)")
                ])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UserConfigurationError(
                path: path,
                diagnostics: [
                    StoryboardDiagnostic(
                        .error, fileName: path, line: 0, column: 0, message: "the file is not UTF-8 text")
                ])
        }
        var parser = UserConfigurationParser(path: path, home: home)
        let configuration = parser.parse(text)
        if !parser.diagnostics.isEmpty { throw UserConfigurationError(path: path, diagnostics: parser.diagnostics) }
        return configuration
    }

    /// Config files are small; a larger one is refused before it is read into memory.
    static let maximumBytes = 256 * 1024

    struct ReadFailure: Error {
        var reason: String
    }

    /// Refuses a config file that is not its user's alone, as ssh refuses such a `~/.ssh/config`: it
    /// names the program run as the editor, so whoever can write it can make `e` run their program.
    /// The file (a link to it is followed: dotfiles keep it elsewhere) must belong to this user (or
    /// root) and be writable by no one else, and its folder must not let others replace it.
    static func checkOwnership(_ path: String) throws(ReadFailure) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // read as before: readBounded says why it cannot be
        let user = geteuid()
        if status.st_uid != user && status.st_uid != 0 {
            throw ReadFailure(
                reason:
                    "it belongs to another user (uid \(status.st_uid)), and it names the program run as your editor: "
                    + "use a config of your own (chown \(user) \(path))")
        }
        if status.st_mode & 0o022 != 0 {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw ReadFailure(
                reason: "others can write it (mode \(mode)), and it names the program run as your editor: "
                    + "make it yours alone with chmod go-w \(path)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        var folderStatus = stat()
        if !folder.isEmpty, stat(folder, &folderStatus) == 0, folderStatus.st_mode & 0o022 != 0,
            folderStatus.st_mode & 0o1000 == 0 /* not sticky, as /tmp is */
        {
            let mode = String(folderStatus.st_mode & 0o777, radix: 8)
            throw ReadFailure(
                reason:
                    "others can write its folder \(folder) (mode \(mode)) and replace it, and it names the program run as your editor: "
                    + "chmod go-w \(folder)")
        }
    }

    static func readBounded(_ path: String) throws(ReadFailure) -> Data {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReadFailure(reason: "it is a folder")
        }
        // A FIFO would block the start until something writes to it; a device could be endless.
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        if let type, type != .typeRegular, type != .typeSymbolicLink {
            throw ReadFailure(reason: "it is not a regular file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "it cannot be opened" : "permission denied"
            throw ReadFailure(reason: reason)
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? Data()
        if data.count > maximumBytes {
            throw ReadFailure(reason: "it is larger than \(maximumBytes / 1024) KB (a config file is a few lines)")
        }
        return data
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }
}

/// A config file that cannot be used: every problem, one `file:line:column: error: …` each.
public struct UserConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path of the config file, as given.
    public var path: String
    /// Every problem found in the file, each at its line and column.
    public var diagnostics: [StoryboardDiagnostic]

    /// Every problem as `file:line:column: error: …`, one a line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
