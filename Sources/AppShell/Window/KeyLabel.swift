/// How a key is written in help texts, in the storyboard spelling: `q`, `enter`, `ctrl-c`, `alt-x`.
enum KeyLabel {
    static func of(_ key: Key) -> String {
        switch key {
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
        case .alt(let inner): return "alt-" + of(inner)
        case .paste: return "paste"
        }
    }
}
