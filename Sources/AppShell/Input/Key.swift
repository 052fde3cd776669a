/// One key press (or a paste), as decoded from the terminal's input bytes.
///
/// Letters with Ctrl are `.control("a")` (always lowercase); Alt wraps the key it modifies.
public enum Key: Hashable, Sendable {
    /// Printable text: a letter, digit, symbol, space, or any grapheme cluster.
    case character(Character)
    /// Enter (Return), Tab, Shift-Tab, Backspace and a lone Esc.
    case enter, tab, backTab, backspace, escape
    /// The Insert and Delete keys of the editing block.
    case insert, delete
    /// The arrow keys.
    case up, down, left, right
    /// Home, End, Page Up and Page Down.
    case home, end, pageUp, pageDown
    /// F1 to F12.
    case function(Int)
    /// Ctrl with a letter or one of `@[\]^_` (lowercase letters).
    case control(Character)
    /// Alt (Meta) with another key. (Only this case is `indirect`: boxing every key would cost an
    /// allocation per keystroke.)
    indirect case alt(Key)
    /// Bracketed paste: the pasted text, delivered whole.
    case paste(String)
    /// A mouse event (only when the terminal was asked to report them; it cannot be bound).
    case mouse(MouseEvent)
}
