/// The actions every storyboard may bind without a context registering them: help, back and moving
/// in the visible scene. With them, every key a user presses is in a storyboard: the built-in
/// storyboards bind today's keys (`j: down`, `"?": help`, `esc: back`…), and a storyboard that binds
/// nothing to one of them has no key for it.
///
/// A segue, a kind's action or a flow action of the same name comes first (a storyboard's own `back`
/// unwind is that storyboard's back).
public enum StandardAction: String, CaseIterable, Sendable {
    /// Shows or hides the keys of the visible scene (the presenter's help overlay).
    case help
    /// Back one scene; out of a presented navigator at its root.
    case back
    /// Moves the selection or the text one line, one page, or to an end.
    case down, up, pageDown, pageUp, first, last
    /// Clears the terminal and draws the whole screen again (Ctrl-L, the terminal convention).
    case repaint

    /// What the help overlay says.
    public var summary: String {
        switch self {
        case .help: return "help"
        case .back: return "back"
        case .down: return "down"
        case .up: return "up"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .first: return "first"
        case .last: return "last"
        case .repaint: return "repaint"
        }
    }

    /// For a movement, the key scenes answer it with: lists and text views move on these keys, so the
    /// navigator sends them when a binding asks for a movement, whatever key the user pressed.
    var canonicalKey: Key? {
        switch self {
        case .down: return .down
        case .up: return .up
        case .pageDown: return .pageDown
        case .pageUp: return .pageUp
        case .first: return .home
        case .last: return .end
        case .help, .back, .repaint: return nil
        }
    }

    /// Keys that scenes (their lists and text views) would take as movements by themselves. A
    /// storyboard-driven scene only moves on them when the storyboard binds them, so a storyboard
    /// that binds `j` to something else, or to nothing, is obeyed.
    static let movementKeys: Set<Key> = [
        .down, .up, .pageDown, .pageUp, .home, .end,
        .character("j"), .character("k"), .character("g"), .character("G"), .character(" "), .character("b"),
    ]
}
