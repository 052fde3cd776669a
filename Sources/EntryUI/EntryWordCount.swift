import EntryModel

extension EntryText {
    /// How many words `body` has, as the `words` outlet of a layout shows it: `WordCount` (the rule
    /// the stores keep the count by). Scenes count once per read of the entry, never per frame.
    public static func wordCount(_ body: String) -> Int {
        WordCount.of(body)
    }
}
