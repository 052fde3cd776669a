import EntryModel

/// Small pieces of text the scenes show about entries. Data is never trusted here: whatever these
/// return is drawn through `Buffer.put`, which shows control characters as harmless notation.
enum EntryText {
    /// `1204` as `1,204`, whatever the locale (the footer must read the same in tests and for users).
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// "1,204 of 1,000,000" for a zero-based `index`.
    static func position(_ index: Int, of total: Int) -> String {
        "\(count(index + 1)) of \(count(total))"
    }

    /// `“Title”`, shortened for messages: a 100,000-character title must not make a 100 KB status line.
    static func quoted(_ title: String, maximumLength: Int = 40) -> String {
        let short = title.count > maximumLength ? String(title.prefix(maximumLength - 1)) + "…" : title
        return "“" + short + "”"
    }

    /// The start of `text` long enough for any screen row: drawing code never walks a huge string.
    static func rowPrefix(_ text: String, maximumLength: Int = 512) -> String {
        text.utf8.count <= maximumLength ? text : String(text.prefix(maximumLength))
    }

    /// Tags as a list row and the details show them: `work, daily`.
    static func tags(_ tags: [String]) -> String {
        tags.map { rowPrefix($0, maximumLength: 64) }.joined(separator: ", ")
    }

    /// "1 match" / "12 matches".
    static func plural(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(count(value)) \(value == 1 ? singular : plural)"
    }

    /// `Mon 23 Nov 2026`: a day the list is filtered to.
    static func day(_ day: CivilDay) -> String {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1]) \(day.year)"
    }
}
