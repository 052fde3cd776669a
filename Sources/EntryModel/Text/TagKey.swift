/// What makes two spellings of a tag the same tag: `Work`, `work` and `WORK` are one tag, as in jrnl.
///
/// An entry keeps the spelling it was written with (its `tags`); what the stores match on and count by
/// is the tag's key, its lower-case form (Unicode's, the same on every machine and in every store), so
/// `--tag Work`, `tag:work` and the tag picker all find every spelling.
public enum TagKey {
    /// The key of `tag`: its lower-case form.
    public static func key(_ tag: String) -> String {
        // Most tags are plain lower-case ASCII: answer without building a new string.
        if !tag.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) { return tag }
        return tag.lowercased()
    }

    /// Whether `lhs` and `rhs` are spellings of one tag.
    public static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs || key(lhs) == key(rhs)
    }
}
