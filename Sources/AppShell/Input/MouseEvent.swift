/// What the mouse did, as SGR mouse reporting (mode 1006) tells it: a button pressed or released, or
/// the wheel turned, at a cell of the screen (0-based, the top-left cell is 0, 0).
public struct MouseEvent: Hashable, Sendable {
    /// The kind of mouse event: a press, a release, a wheel turn, or something else the app ignores.
    public enum Action: Hashable, Sendable {
        /// The left button went down.
        case press
        /// A button went up.
        case release
        case wheelUp
        case wheelDown
        /// Another button, a drag or a wheel tilt: reported, but nothing in the app answers it.
        case other
    }

    /// What the mouse did.
    public var action: Action
    /// The column of the cell under the pointer, 0 at the left edge.
    public var x: Int
    /// The row of the cell under the pointer, 0 at the top edge.
    public var y: Int

    /// Creates an event of `action` at column `x`, row `y` (both 0-based).
    public init(_ action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }

    /// The event of `ESC [ < button ; column ; row M|m` (column and row 1-based); nil when malformed.
    static func sgr(button: Int?, column: Int?, row: Int?, released: Bool) -> MouseEvent? {
        guard let button, let column, let row, column >= 1, row >= 1 else { return nil }
        let action: Action
        // Bits: 0–1 the button, 32 motion, 64 wheel; 4, 8, 16 are Shift, Alt, Ctrl (ignored).
        if button & 64 != 0 {
            action = button & 0b11 == 0 ? .wheelUp : button & 0b11 == 1 ? .wheelDown : .other
        } else if button & 32 != 0 {
            action = .other
        } else if released {
            action = .release
        } else {
            action = button & 0b11 == 0 ? .press : .other
        }
        return MouseEvent(action, x: min(column, 10_000) - 1, y: min(row, 10_000) - 1)
    }
}
