/// How many terminal columns a grapheme cluster takes, from Unicode scalar properties and the East Asian
/// Width table: 2 for CJK, fullwidth forms and emoji (ZWJ sequences, skin tones, flags, keycaps, VS16),
/// 0 for combining marks and invisible format characters, 1 for the rest.
///
/// Control characters are not measured here: `GlyphLayout` replaces them with visible notation first.
enum CharacterWidth {
    static let variationSelector16: UInt32 = 0xFE0F
    static let variationSelector15: UInt32 = 0xFE0E
    static let zeroWidthJoiner: UInt32 = 0x200D
    static let combiningEnclosingKeycap: UInt32 = 0x20E3

    /// The columns of one grapheme cluster (0, 1 or 2).
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value >= 0x20, first.value < 0x7F, scalars.count == 1 { return 1 }  // ASCII fast path
        if scalars.count == 1 { return of(first) }
        return ofSequence(first: first, scalars: scalars)
    }

    /// The columns of a single scalar standing alone.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }  // Latin: nothing wide, soft hyphen invisible
        // Hangul vowels/finals join
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation || EastAsianWidth.isWide(value) { return 2 }
        return 1
    }

    /// The columns of a multi-scalar cluster: emoji sequences are wide, otherwise the base decides.
    private static func ofSequence(first: Unicode.Scalar, scalars: Character.UnicodeScalarView) -> Int {
        let properties = first.properties
        if properties.isEmoji {
            var hasEmojiSelector = false, hasTextSelector = false, hasJoinerOrModifier = false
            var hasKeycap = false
            for scalar in scalars.dropFirst() {
                switch scalar.value {
                case variationSelector16: hasEmojiSelector = true
                case variationSelector15: hasTextSelector = true
                case combiningEnclosingKeycap: hasKeycap = true
                case zeroWidthJoiner: hasJoinerOrModifier = true
                default: if scalar.properties.isEmojiModifier { hasJoinerOrModifier = true }
                }
            }
            if hasEmojiSelector || hasKeycap { return 2 }
            // Text presentation (VS15) asks for the narrow glyph, unless the sequence is an emoji anyway.
            if hasTextSelector && !hasJoinerOrModifier { return 1 }
            if properties.isEmojiPresentation || hasJoinerOrModifier { return 2 }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional indicator pair: a flag
        }
        // The first scalar with a width decides (a prepended format character has none); a cluster of
        // marks only (at the start of a text) is zero-width.
        for scalar in scalars {
            let width = of(scalar)
            if width > 0 { return width }
        }
        return 0
    }
}
