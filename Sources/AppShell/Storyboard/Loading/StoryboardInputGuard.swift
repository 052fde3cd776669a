/// The checks run on a storyboard's (or keys.yaml's) text before it is composed into nodes, so hostile
/// input fails fast with one clear message instead of exhausting the stack or the CPU: control
/// characters here, then `YAMLInputGuard` (size, depth, aliases, complex keys, duplicate keys) on
/// libyaml's events.
///
/// A storyboard needs five levels of nesting and no aliases, so the limits cost legitimate files nothing.
struct StoryboardInputGuard {
    /// Larger files are refused: a storyboard of a hundred scenes is a few kilobytes.
    var maximumBytes = 4 * 1024 * 1024
    /// An upper bound on YAML nesting, far above the five levels the format uses.
    var maximumNesting = 64
    /// What the messages call the file, in the singular and plural, and the levels of nesting it needs.
    var fileKind = (singular: "storyboard", plural: "storyboards", levelsNeeded: "five")

    /// The file's problem, if it may not be composed, and its duplicate keys.
    func check(
        _ text: String
    ) -> (problem: (location: SourceLocation, message: String)?, duplicates: [YAMLInputGuard.DuplicateKey]) {
        let byteCount = text.utf8.count
        if byteCount > maximumBytes {
            return (
                (.file, "the file is \(byteCount) bytes; \(fileKind.plural) are limited to \(maximumBytes) bytes"), []
            )
        }
        if let problem = controlCharacterProblem(text) { return (problem, []) }
        let report = YAMLInputGuard(maximumBytes: maximumBytes, maximumDepth: maximumNesting).check(text)
        switch report.problem {
        case nil:
            return (nil, report.duplicates)
        case .tooLarge(let bytes):
            return ((.file, "the file is \(bytes) bytes; \(fileKind.plural) are limited to \(maximumBytes) bytes"), [])
        case .tooDeep(let location):
            return (
                (
                    location,
                    "the YAML is nested more than \(maximumNesting) levels deep; a \(fileKind.singular) needs \(fileKind.levelsNeeded)"
                ), []
            )
        case .alias(let name, let location):
            return (
                (
                    location,
                    "YAML anchors and aliases (`&\(name)`, `*\(name)`) are not supported in \(fileKind.plural); write the value out"
                ), []
            )
        case .complexKey(let location):
            return ((location, "a key must be a plain name, not a list, a mapping or an alias"), [])
        }
    }

    /// Refuses the control characters YAML does not allow (binary data), naming the first one.
    private func controlCharacterProblem(_ text: String) -> (location: SourceLocation, message: String)? {
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A {
                line += 1
                column = 1
                continue
            }
            let isAllowed =
                value == 0x09 || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
            if !isAllowed {
                let code = String(value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                return (
                    SourceLocation(line: line, column: column),
                    "the file contains the control character U+\(padded); a \(fileKind.singular) is text (binary data?)"
                )
            }
            column += 1
        }
        return nil
    }
}
