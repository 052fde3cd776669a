import AppShell

/// Text from the database made safe and measurable for a terminal.
///
/// Entries keep their text byte for byte, so a title may hold an escape sequence that would recolour
/// or retitle the terminal. Everything printed for people goes through ``visible(_:keepingLineBreaks:)``.
enum TerminalText {
    /// `text` with every control character shown instead of sent: C0 as `^[`, `^M`…, DEL as `^?`,
    /// C1 and bidirectional overrides as `<U+009B>`. With `keepingLineBreaks`, `\n`, `\t` and
    /// `\r\n` stay line breaks and tabs (for bodies). See AppShell's `TextSanitizer`.
    static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // AppShell's sanitizer is the one place that decides what a terminal may receive.
        TextSanitizer.sanitized(text, keepingLineBreaks: keepingLineBreaks)
    }

    /// How many terminal columns `text` takes (after ``visible(_:keepingLineBreaks:)``): wide East
    /// Asian characters and emoji count 2, combining marks 0. The table is AppShell's, the one the app
    /// draws with, so a column of `entries list` and of the app agree on every character.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + $1.displayWidth }
    }

    static func width(of character: Character) -> Int {
        character.displayWidth
    }

    /// `text` cut to `width` columns (ending in `…` when cut) and padded with spaces to exactly `width`.
    static func fitted(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        let total = self.width(text)
        if total <= width {
            return text + String(repeating: " ", count: width - total)
        }
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…" + String(repeating: " ", count: max(0, width - used - 1))
    }
}
