/// The ANSI/VT escape sequences the terminal driver and the renderer write, as bytes.
///
/// Only widely supported sequences (VT100/VT220/xterm) are used; DEC mode 2026 (synchronized output) is
/// ignored by terminals that do not know it.
enum ControlSequences {
    static let escape: UInt8 = 0x1B

    /// Switch to the alternate screen (saving the cursor), hide the cursor, turn auto-wrap off (so a cell in
    /// the bottom-right corner never scrolls), bracketed paste on, home the cursor and clear.
    static let enterUI: [UInt8] = Array(
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

    /// Undo everything `enterUI`, `enableMouse` and the renderer may have left on: end a synchronized
    /// frame, mouse reports off, reset the scroll region and attributes, paste off, auto-wrap on, cursor
    /// shown, main screen back. (Mouse off is sent whether or not it was on: harmless, and every way
    /// out, crash and signals included, writes this one sequence.)
    static let restore: [UInt8] = Array(
        "\u{1B}[?2026l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[r\u{1B}[0m\u{1B}[?2004l\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// Mouse reports on: presses, releases and the wheel (mode 1000), in SGR form (mode 1006), which
    /// has no limit on the column and cannot be mistaken for typed text.
    static let enableMouse: [UInt8] = Array("\u{1B}[?1000h\u{1B}[?1006h".utf8)

    /// Begin and end of a synchronized frame (DEC private mode 2026): the terminal shows the frame whole.
    static let beginFrame: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endFrame: [UInt8] = Array("\u{1B}[?2026l".utf8)

    /// Reset attributes, then clear the screen (cleared cells take the default background).
    static let resetAndClear: [UInt8] = Array("\u{1B}[0m\u{1B}[2J".utf8)
    static let resetAttributes: [UInt8] = Array("\u{1B}[0m".utf8)
    /// Reset the scroll region to the whole screen (this also homes the cursor).
    static let resetScrollRegion: [UInt8] = Array("\u{1B}[r".utf8)
    /// Erase from the cursor to the end of its row (EL 0); the cursor stays.
    static let eraseToEndOfRow: [UInt8] = Array("\u{1B}[K".utf8)

    /// Appends `ESC [ <row+1> ; <column+1> H` (CUP), zero-based arguments; `ESC [ <row+1> H` for column 0.
    static func appendCursorPosition(row: Int, column: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(UInt8(ascii: "["))
        appendDecimal(row + 1, to: &bytes)
        if column > 0 {
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(column + 1, to: &bytes)
        }
        bytes.append(UInt8(ascii: "H"))
    }

    /// Appends `ESC [ <count> C` (CUF): cursor forward on the same row.
    static func appendCursorForward(_ count: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(UInt8(ascii: "["))
        if count != 1 { appendDecimal(count, to: &bytes) }
        bytes.append(UInt8(ascii: "C"))
    }

    /// Appends `ESC [ <count> X` (ECH): erase `count` cells from the cursor, which stays.
    static func appendEraseCharacters(_ count: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(UInt8(ascii: "["))
        if count != 1 { appendDecimal(count, to: &bytes) }
        bytes.append(UInt8(ascii: "X"))
    }

    /// Appends `ESC [ <top+1> ; <bottom+1> r` (DECSTBM), zero-based inclusive rows.
    static func appendScrollRegion(top: Int, bottom: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(UInt8(ascii: "["))
        appendDecimal(top + 1, to: &bytes)
        bytes.append(UInt8(ascii: ";"))
        appendDecimal(bottom + 1, to: &bytes)
        bytes.append(UInt8(ascii: "r"))
    }

    /// Appends `ESC [ <count> S` (scroll up: content moves up) or `ESC [ <count> T` (scroll down).
    static func appendScroll(up: Bool, by count: Int, to bytes: inout [UInt8]) {
        bytes.append(escape)
        bytes.append(UInt8(ascii: "["))
        if count != 1 { appendDecimal(count, to: &bytes) }
        bytes.append(up ? UInt8(ascii: "S") : UInt8(ascii: "T"))
    }

    /// Appends the decimal digits of a non-negative number.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(48 + max(0, value)))
            return
        }
        if value < 100 {
            bytes.append(UInt8(48 + value / 10))
            bytes.append(UInt8(48 + value % 10))
            return
        }
        var digits: [UInt8] = []
        var rest = value
        while rest > 0 {
            digits.append(UInt8(48 + rest % 10))
            rest /= 10
        }
        bytes.append(contentsOf: digits.reversed())
    }

    /// How many bytes `appendDecimal` writes.
    static func decimalLength(_ value: Int) -> Int {
        value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : String(value).count
    }
}
