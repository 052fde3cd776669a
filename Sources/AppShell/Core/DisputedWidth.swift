/// Grapheme clusters whose width terminals disagree about, so the renderer cannot trust where the
/// terminal's cursor ends up after drawing one.
///
/// `CharacterWidth` gives such a cluster 2 columns, as Unicode's emoji rules say; terminals differ:
/// tmux 3.3a (Debian 12) draws 👍🏽 as 4 columns (the hand and the skin tone apart) and ❤️ or 1️⃣ as 1,
/// others draw a flag as two letters, or a ZWJ family as three faces. The renderer therefore moves the
/// cursor absolutely after writing one and writes the cells it may cover again (see `Renderer`).
///
/// Disputed: anything with a skin-tone modifier, a zero-width joiner, a variation selector, a keycap,
/// a regional indicator (flags) or tag characters (subdivision flags); and single emoji from Unicode 13
/// on, which the width tables of terminals still in use (glibc's, tmux's) may not know yet.
enum DisputedWidth {
    /// True when terminals may draw `text` (one cell's grapheme cluster) wider or narrower than
    /// `CharacterWidth` counts it.
    static func isDisputed(_ text: String) -> Bool {
        let utf8 = text.utf8
        // One byte is one ASCII character (a keycap such as 1️⃣ starts with one, but is longer).
        if utf8.count == 1 { return false }
        var scalarCount = 0
        for scalar in text.unicodeScalars {
            scalarCount += 1
            if isSequenceScalar(scalar.value) { return true }
        }
        guard scalarCount == 1, let scalar = text.unicodeScalars.first, scalar.value >= 0x1F000 else { return false }
        return scalar.properties.isEmojiPresentation && isRecent(scalar.properties.age)
    }

    /// The most columns a terminal may draw `text` in, from where it starts: every scalar as a wide
    /// glyph (tmux draws 👍🏽 as 👍 then 🏽). The renderer writes the cells up to there again after it.
    static func widestDrawing(of text: String) -> Int {
        2 * max(1, text.unicodeScalars.count)
    }

    /// Scalars that make an emoji sequence, or a flag, whatever they follow.
    private static func isSequenceScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0xFE0E, 0xFE0F: return true  // text and emoji presentation selectors
        case 0x200D: return true  // zero-width joiner
        case 0x20E3: return true  // combining enclosing keycap
        case 0x1F3FB...0x1F3FF: return true  // skin-tone modifiers
        case 0x1F1E6...0x1F1FF: return true  // regional indicators (flags, or a lone letter)
        case 0xE0020...0xE007F: return true  // tag characters (🏴 subdivision flags)
        default: return false
        }
    }

    /// Unicode 13 (2020) or later.
    private static func isRecent(_ age: Unicode.Version?) -> Bool {
        guard let age else { return true }  // unassigned in Swift's tables: newer still
        return age.major >= 13
    }
}
