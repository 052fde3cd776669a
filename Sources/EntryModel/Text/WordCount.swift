/// The one definition of a word the app counts (the `words` of a layout, kept by every store as
/// ``EntrySummary/words``): a run of characters between whitespace or control characters, as
/// `wc -w` counts them. `don't`, `2026-11-21` and `漢字の日記` are one word each; a control character
/// (an escape, a tab) separates words as a space does.
public enum WordCount {
    /// How many words `text` has. One pass over the scalars, no copy (a store counts every body it
    /// writes, and a migration a whole journal's).
    public static func of(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            // ASCII first (most text): its whitespace is all at or below the space.
            let separates =
                scalar.value < 0x80
                ? scalar.value <= 0x20 || scalar.value == 0x7F : scalar.properties.isWhitespace
            if separates {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }
}
