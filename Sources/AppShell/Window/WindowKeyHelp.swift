/// The key list the window shows (help overlay, status bar): the visible scene's keys, then the
/// window's own keys that the scene does not already list.
///
/// A storyboard that binds `q` to quit and the window's own `q` would otherwise both say "q quit";
/// and when the scene uses a window key for something else, only the scene's meaning is true there.
enum WindowKeyHelp {
    /// `sceneKeys` in order without repeated identical lines, followed by the `windowKeys` whose key the
    /// scene does not list (lines without a key, such as a help sentence, are compared whole).
    static func merged(sceneKeys: [KeyHelp], windowKeys: [KeyHelp]) -> [KeyHelp] {
        var lines: [KeyHelp] = []
        var seen: Set<KeyHelp> = []
        for line in sceneKeys where seen.insert(line).inserted {
            lines.append(line)
        }
        let sceneKeyNames = Set(sceneKeys.map(\.key).filter { !$0.isEmpty })
        for line in windowKeys where !sceneKeyNames.contains(line.key) && seen.insert(line).inserted {
            lines.append(line)
        }
        return lines
    }
}
