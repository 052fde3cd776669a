/// Decides which characters of drawn text are unsafe for a terminal cell and what is shown instead.
///
/// Text from data must never reach the terminal as a control: an ESC would start an escape sequence
/// (title changes, clipboard writes with OSC 52, cursor moves, screen clears), a CR or BS would move the
/// cursor, a bidi override would reorder what the user reads. So every such character is shown visibly:
///
/// - C0 controls U+0000–U+001F (except tab) in caret notation: ESC is `^[`, CR is `^M`, BS is `^H`,
///   LF is `^J`, NUL is `^@`.
/// - DEL U+007F as `^?`.
/// - C1 controls U+0080–U+009F as `<U+009B>` (hexadecimal code point): caret notation would be ambiguous.
/// - Bidi controls (LRM, RLM, ALM, the embeddings and overrides U+202A–U+202E, the isolates
///   U+2066–U+2069) and the line and paragraph separators U+2028/U+2029 as `<U+202E>` and so on: shown
///   rather than dropped, so text cannot be silently reordered ("Trojan Source").
/// - Tabs expand to spaces up to the next multiple of `GlyphLayout.tabWidth` columns.
/// - Other invisible format characters standing alone (zero width space, word joiner, BOM, soft hyphen)
///   draw nothing; combining marks join the previous grapheme and take no column.
public enum TextSanitizer {
    /// The longest grapheme cluster kept in one cell, in scalars: more (a thousand stacked combining
    /// marks) is cut so one cell cannot hold megabytes of text.
    public static let maximumScalarsPerCell = 32

    /// True when `scalar` must not reach a cell as itself.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0x600 { return false }  // fast path: no bidi control or separator below Arabic
        return value == 0x2028 || value == 0x2029 || scalar.properties.isBidiControl
    }

    /// The visible text shown for an unsafe scalar, all printable ASCII (one column per character).
    public static func notation(for scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20 { return "^" + String(Character(Unicode.Scalar(UInt8(value + 0x40)))) }
        if value == 0x7F { return "^?" }
        return "<U+" + hex(value) + ">"
    }

    /// `text` with every unsafe character replaced by its notation (tabs included, as `^I`): for text
    /// that goes to a terminal outside of cells, such as a window title or a log line.
    ///
    /// With `keepingLineBreaks`, `\n` and `\t` stay line breaks and tabs and `\r\n` becomes `\n` (a lone
    /// `\r` would move the cursor back over the line, so it is shown as `^M`):
    /// for text printed a line at a time, such as a command's output. One pass over the scalars, so a
    /// megabyte of controls costs what a megabyte of letters does.
    public static func sanitized(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        // Built as UTF-8 bytes: `String.UnicodeScalarView.append(contentsOf:)` copies the whole view
        // each time, which made 400,000 control characters take 17.5 s to show.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count * 2)
        var carriageReturnPending = false
        for scalar in text.unicodeScalars {
            if keepingLineBreaks {
                if carriageReturnPending {
                    carriageReturnPending = false
                    if scalar == "\n" { result.append(0x0A); continue }
                    result.append(contentsOf: "^M".utf8)
                }
                if scalar == "\r" { carriageReturnPending = true; continue }
                if scalar == "\n" || scalar == "\t" { result.append(UInt8(scalar.value)); continue }
            }
            if isUnsafe(scalar) {
                result.append(contentsOf: notation(for: scalar).utf8)
            } else {
                UTF8.encode(scalar) { result.append($0) }
            }
        }
        if carriageReturnPending { result.append(contentsOf: "^M".utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
