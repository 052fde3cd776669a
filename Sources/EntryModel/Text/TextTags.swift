/// The rule for `@tags` written in an entry's text, the same for `entries add`, `entries edit`, the
/// app's editor and the imports from journal apps (jrnl): **the text decides**. Every `@word` in the
/// title or body is a tag of the entry (where it starts a word: `me@example.com` is none; trailing
/// punctuation is not part of it: `@home.` is `home`), besides the tags given on their own (the
/// editor's Tags line, `--tag`, an import's tag field). Writing `@bug` into the body adds the tag;
/// deleting `@alice` from it takes the tag off, unless it is also given on its own.
///
/// The more details are not searched for tags: they hold what the entry points to (links, addresses),
/// where an `@` is seldom meant as a tag.
public enum TextTags {
    /// The tags written in the title and body, in the order written, each once.
    public static func tags(inTitle title: String, body: String) -> [String] {
        guard title.utf8.contains(UInt8(ascii: "@")) || body.utf8.contains(UInt8(ascii: "@")) else { return [] }
        var found: [String] = []
        for text in [title, body] where text.utf8.contains(UInt8(ascii: "@")) {
            found += text.split(whereSeparator: \.isWhitespace).compactMap(QuickCapture.tag(in:))
        }
        return TagList.normalize(found)
    }

    /// The tags given on their own (`line`) and those the title and body write, each once, in that order.
    public static func merge(line: [String], title: String, body: String) -> [String] {
        TagList.normalize(line + tags(inTitle: title, body: body))
    }

    /// `tags` in the order of `earlier` for those it already had, then the new ones in their order:
    /// an edit that keeps the same tags keeps them as they were.
    public static func keepingOrder(_ tags: [String], of earlier: [String]) -> [String] {
        let now = Set(tags)
        let kept = earlier.filter { now.contains($0) }
        let old = Set(kept)
        return kept + tags.filter { !old.contains($0) }
    }

    /// `title` without the tags written after it (`Played chess @games` → `Played chess`): bare `@tag`
    /// words at the very end, with nothing after them. A tag that ends a sentence (`Lunch with
    /// @alice.`) is part of it and stays. A title of nothing but tags is kept whole.
    public static func withoutTrailingTags(ofTitle title: String) -> String {
        guard title.utf8.contains(UInt8(ascii: "@")) else { return title }
        var words = title.split(separator: " ", omittingEmptySubsequences: false)
        var removed = false
        while let last = words.last, last.isEmpty || (QuickCapture.tag(in: last).map { "@" + $0 == last } ?? false) {
            words.removeLast()
            removed = removed || !last.isEmpty
        }
        guard removed, words.contains(where: { !$0.isEmpty }) else { return title }
        return words.joined(separator: " ")
    }
}
