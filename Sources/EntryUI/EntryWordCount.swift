extension EntryText {
    /// How many words `body` has, as the `words` outlet of a layout shows it: runs of characters
    /// between whitespace (or control characters), as `wc -w` counts them. One pass over the scalars,
    /// no copy; scenes count once per read of the entry, never per frame.
    public static func wordCount(_ body: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in body.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }
}
