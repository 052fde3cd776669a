import Foundation

/// Keeps the theme chosen in Settings in the person's config file, changing nothing else in it: the
/// theme is the person's (see ``UserConfiguration``), so it goes where they would write it by hand.
///
/// The file is read again at the moment of writing (it may have changed since the start) and edited as
/// text, one line: an existing `theme:` line gets the new name (its comment kept), or `theme: NAME` is
/// added at the end. The result is checked by parsing it: it must read as the same configuration with
/// only the theme changed, else nothing is written and the error says why. The new text replaces the
/// file atomically (a temporary file beside it, renamed over it), through a symbolic link to its target,
/// keeping the file's permissions. A missing file is created (with its folder).
struct ConfigFileThemeWriter: Sendable {
    /// The config file (`$XDG_CONFIG_HOME/entries/config.yaml`).
    var path: String
    /// The home folder, for reading the file as the app does (`~` in `database:`).
    var home: String

    /// Writes `name` as the file's `theme:`.
    func write(themeName name: String) throws(ConfigFileEditError) {
        guard !path.isEmpty else {
            throw ConfigFileEditError(path: "(no config file)", reason: "the app runs without a config file")
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let text = try currentText(at: target)
        let before = try parse(text, at: target, what: "it has problems; fix them first (entries config shows them)")
        let edited = try Self.text(text, settingTheme: name, on: before.theme?.line, path: target)
        var expected = try parse(edited, at: target, what: "the edited file would not read back")
        guard expected.theme?.value == name else { throw failure(target, "the edited file would not read back") }
        expected.theme = before.theme
        guard expected == before else { throw failure(target, "the edit would change more than the theme") }
        try replace(target, with: edited)
    }

    /// `text` with its theme set to `name`: the `theme:` on `line` (1-based) rewritten in place, or a
    /// line added at the end when there is none.
    static func text(
        _ text: String, settingTheme name: String, on line: Int?, path: String
    ) throws(ConfigFileEditError) -> String {
        guard let line else {
            let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
            return text + separator + "theme: \(name)\n"
        }
        // By scalar: in Swift "\r\n" is one Character, which splitting Characters on "\n" would not cut.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        guard lines.indices.contains(line - 1), let rewritten = rewrite(lines[line - 1], to: name) else {
            throw ConfigFileEditError(
                path: path, reason: "its `theme:` on line \(line) is not a plain `theme: NAME` line; change it there")
        }
        lines[line - 1] = rewritten
        return lines.joined(separator: "\n")
    }

    /// `theme: dark  # comment` (the name bare or quoted) with the new name; nil for any other shape.
    static func rewrite(_ line: String, to name: String) -> String? {
        let pattern = #"^(\s*theme\s*:\s*)(["']?)([A-Za-z-]+)(\2)(\s*(#.*)?\r?)$"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
            let nameRange = Range(match.range(at: 3), in: line)
        else { return nil }
        return line.replacingCharacters(in: nameRange, with: name)
    }

    private func currentText(at target: String) throws(ConfigFileEditError) -> String {
        guard FileManager.default.fileExists(atPath: target) else { return "" }
        let data: Data
        do {
            data = try UserConfigurationFile.readBounded(target)
        } catch {
            throw failure(target, error.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw failure(target, "the file is not UTF-8 text")
        }
        return text
    }

    private func parse(_ text: String, at target: String, what: String) throws(ConfigFileEditError) -> UserConfiguration
    {
        var parser = UserConfigurationParser(path: target, home: home)
        let configuration = parser.parse(text)
        guard parser.diagnostics.isEmpty else { throw failure(target, what) }
        return configuration
    }

    private func replace(_ target: String, with text: String) throws(ConfigFileEditError) {
        let folder = (target as NSString).deletingLastPathComponent
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let permissions = (try? manager.attributesOfItem(atPath: target))?[.posixPermissions] as? NSNumber
            let temporary = (folder as NSString).appendingPathComponent(".config.yaml.\(UUID().uuidString).tmp")
            guard
                manager.createFile(
                    atPath: temporary, contents: Data(text.utf8),
                    attributes: [.posixPermissions: permissions ?? NSNumber(value: 0o644)])
            else {
                throw failure(target, "cannot write a file in \(folder)")
            }
            if rename(temporary, target) != 0 {
                let reason = String(cString: strerror(errno))
                try? manager.removeItem(atPath: temporary)
                throw failure(target, reason)
            }
        } catch let error as ConfigFileEditError {
            throw error
        } catch {
            throw failure(target, (error as NSError).localizedDescription)
        }
    }

    private func failure(_ target: String, _ reason: String) -> ConfigFileEditError {
        ConfigFileEditError(path: target, reason: reason)
    }
}

/// Why the theme could not be kept in the config file (the file is as it was).
struct ConfigFileEditError: Error, Sendable, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "cannot keep the theme in \(path): \(reason)" }
}
