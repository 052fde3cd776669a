/// The words date phrases are made of, and what each means.
enum DatePhraseWords {
    /// Weekday names and their abbreviations, Monday first (ISO 8601 order): the value is 0 for
    /// Monday through 6 for Sunday.
    static let weekdays: [String: Int] = {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        var words: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            words[name] = index
            words[String(name.prefix(3))] = index
        }
        words["tues"] = 1
        words["wednes"] = 2
        words["thur"] = 3
        words["thurs"] = 3
        return words
    }()

    /// Month names and their abbreviations: 1 for January through 12.
    static let months: [String: Int] = {
        let names = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september",
            "october", "november", "december",
        ]
        var words: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            words[name] = index + 1
            words[String(name.prefix(3))] = index + 1
        }
        words["sept"] = 9
        return words
    }()

    /// Units of `N units ago` and of `last/this/next unit`, singular (a plural drops its `s`).
    static let units: Set<String> = ["day", "week", "month", "year"]

    /// Small numbers written as words, for `a week ago`, `two days ago`.
    static let numbers: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    ]

    /// Words with a meaning of their own.
    static let keywords: Set<String> = [
        "today", "yesterday", "tomorrow", "now", "last", "this", "next", "ago", "at", "am", "pm",
        "days", "weeks", "months", "years", "noon", "midnight",
    ]

    /// Every word a phrase may hold, for "did you mean".
    static let vocabulary: [String] = {
        var words = Set(keywords).union(units).union(numbers.keys.filter { $0.count > 2 })
        words.formUnion(weekdays.keys.filter { $0.count > 3 })
        words.formUnion(months.keys.filter { $0.count > 3 })
        return words.sorted()
    }()

    /// The plural unit's singular (`weeks` → `week`), or the word itself.
    static func singular(_ word: String) -> String {
        word.hasSuffix("s") && units.contains(String(word.dropLast())) ? String(word.dropLast()) : word
    }
}
