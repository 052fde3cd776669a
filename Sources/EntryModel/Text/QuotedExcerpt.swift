/// A value from a file quoted in an error message, cut to a bounded excerpt.
///
/// Messages quote what they object to (`"yesterday" is not an ISO 8601 date`), and what they object to
/// may be megabytes: a header of 2 MB of NUL bytes is one unknown column. Quoting it whole made a
/// message of megabytes that took a minute and a half to print; the first few dozen characters say as
/// much, and the length says the rest.
public enum QuotedExcerpt {
    /// Characters kept from a quoted value.
    public static let limit = 60

    /// `text` in double quotes, cut to ``limit`` characters followed by `…` and its length when longer:
    /// `"^@^@…" (2,000,000 characters)` once made visible.
    public static func quoted(_ text: String, limit: Int = limit) -> String {
        var excerpt = ""
        var count = 0
        var index = text.startIndex
        while index < text.endIndex, count < limit {
            excerpt.append(text[index])
            count += 1
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return "\"" + excerpt + "\"" }
        return "\"" + excerpt + "…\" (\(text.count) characters)"
    }

    /// At most `limit` items of `items` joined with ", ", then "and N more".
    public static func list(_ items: [String], limit: Int = 5) -> String {
        guard items.count > limit else { return items.joined(separator: ", ") }
        return items.prefix(limit).joined(separator: ", ") + " and \(items.count - limit) more"
    }
}
