/// Key names as written in storyboards and shown in the help overlay: `j`, `?`, `G`, `enter`, `esc`,
/// `tab`, `shift-tab`, `backspace`, `space`, `up`, `pgdn`, `f5`, `ctrl-d`, `alt-x`, `alt-enter`.
///
/// Parsing accepts a few synonyms (`return`, `escape`, `backtab`, `pageup`, `pagedown`, `del`) and
/// is case-insensitive for named keys; a single character is taken as written (`g` and `G` differ).
/// `Key(name:)` and `Key.name` round-trip: `try Key(name: key.name) == key` for every nameable key.
extension Key {
    /// Parses a key name; throws `KeyNameError` with the accepted forms when the name is unknown.
    public init(name: String) throws {
        if let key = Key.parse(name) {
            self = key
        } else {
            throw KeyNameError(name: name)
        }
    }

    /// The canonical name: what `Key(name:)` parses back to this key. A paste has the name `paste`,
    /// which does not parse: a paste cannot be bound.
    public var name: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "shift-tab"
        case .backspace: return "backspace"
        case .escape: return "esc"
        case .insert: return "insert"
        case .delete: return "delete"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .function(let number): return "f\(number)"
        case .control(let character): return "ctrl-\(character)"
        case .alt(let key): return "alt-\(key.name)"
        case .paste: return "paste"
        case .mouse: return "mouse"
        }
    }

    /// Named keys by their lowercase spelling (canonical names and synonyms).
    private static let namedKeys: [String: Key] = [
        "enter": .enter, "return": .enter,
        "esc": .escape, "escape": .escape,
        "tab": .tab,
        "backtab": .backTab, "shift-tab": .backTab,
        "backspace": .backspace,
        "space": .character(" "),
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pgup": .pageUp, "pageup": .pageUp,
        "pgdn": .pageDown, "pagedown": .pageDown,
        "insert": .insert,
        "delete": .delete, "del": .delete,
    ]

    /// The characters that may follow `ctrl-` besides letters (what terminals can send).
    private static let controlSymbols: Set<Character> = ["@", "[", "\\", "]", "^", "_"]

    private static func parse(_ name: String) -> Key? {
        if name.count == 1, let character = name.first {
            // A lone character binds itself, except whitespace and control characters, which have names.
            return isBindable(character) ? .character(character) : nil
        }
        let lowered = name.lowercased()
        if let key = namedKeys[lowered] { return key }
        if lowered.hasPrefix("alt-") {
            let rest = String(name.dropFirst(4))
            // Alt of Alt is not something a terminal sends; refusing it keeps names canonical.
            guard !rest.lowercased().hasPrefix("alt-"), let inner = parse(rest) else { return nil }
            return .alt(inner)
        }
        if lowered.hasPrefix("ctrl-") {
            let rest = lowered.dropFirst(5)
            guard rest.count == 1, let character = rest.first else { return nil }
            let isLetter = character.isASCII && character.isLetter
            return isLetter || controlSymbols.contains(character) ? .control(character) : nil
        }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number),
            lowered == "f\(number)"
        {
            return .function(number)
        }
        return nil
    }

    private static func isBindable(_ character: Character) -> Bool {
        !character.isWhitespace && !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}

/// A key name that `Key(name:)` does not know.
public struct KeyNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name as written.
    public var name: String

    /// Creates the error for `name`, the key name as it was written.
    public init(name: String) {
        self.name = name
    }

    /// The unknown name and the names that are known.
    public var description: String {
        "unknown key name `\(name)`: use a single character (j, ?, G), enter, esc, tab, shift-tab, backspace, "
            + "space, up, down, left, right, home, end, pgup, pgdn, insert, delete, f1-f12, ctrl-<letter> "
            + "or alt-<key>"
    }
}
