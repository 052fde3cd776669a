import Foundation

/// Reads the date phrases people type — `today`, `last friday`, `3 days ago`, `june 2024`,
/// `2024-06-03 14:00` — as a ``DateSpan`` in a time zone, relative to a given "now".
///
/// What each form means (weeks start on Monday, as in ISO 8601):
/// - `2024`, `2024-06`, `2024-06-03`: that year, month or day; `2024-06-03 14:00` (or `T14:00`): that minute.
/// - `today`, `yesterday`, `tomorrow`; `now`: the current minute.
/// - `friday` (or `fri`): the latest Friday up to today; `last friday`: the one before today;
///   `this friday`: this week's; `next friday`: the first after today.
/// - `last week`, `this month`, `next year`…: the whole week, month or year.
/// - `3 days ago`, `2 weeks ago`, `a month ago`: that day.
/// - `sun 2 weeks ago`: the Sunday of the week two weeks before this one (what `date -d` answers;
///   jrnl read it as "2 weeks ago", jrnl issue #1099).
/// - `june`: the latest June that has begun; `june 2024`, `june 3`, `3 june 2024`: that month or day.
/// - Any day followed by a time (`yesterday 14:00`, `friday at 9am`, `2024-06-03 2:30pm`): that minute.
///
/// Case, commas and extra spaces do not matter. Anything else is a ``DatePhraseError``, with a
/// "did you mean" when one word is a typo of a known one.
public struct DatePhraseReader: Sendable {
    /// The instant relative phrases count from.
    public var now: Date
    /// The zone days, months and times are read in.
    public var timeZone: TimeZone

    /// Phrases longer than this are refused unread: no date needs more.
    public static let maximumLength = 80

    /// Creates a reader counting from `now` in `timeZone` (the
    /// current instant and zone by default; tests pass fixed ones).
    public init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The span `phrase` names.
    public func span(of phrase: String) throws(DatePhraseError) -> DateSpan {
        guard phrase.count <= Self.maximumLength else {
            throw DatePhraseError(phrase: phrase, reason: "too long to be a date")
        }
        let words = Self.words(of: phrase)
        guard !words.isEmpty else { throw DatePhraseError(phrase: phrase, reason: "it is empty") }
        do {
            return try read(words)
        } catch let failure as PhraseFailure {
            throw DatePhraseError(phrase: phrase, reason: failure.reason, suggestion: suggestion(for: words))
        } catch {
            throw DatePhraseError(phrase: phrase)
        }
    }

    // MARK: - Reading

    /// Why a phrase does not read; nil when it is simply not a form this reader knows.
    struct PhraseFailure: Error {
        var reason: String?
    }

    static func words(of phrase: String) -> [String] {
        phrase.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map(String.init)
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    private func read(_ allWords: [String]) throws -> DateSpan {
        var words = allWords
        let time = try Self.takeTimeOfDay(from: &words)
        if words.isEmpty, time != nil { words = ["today"] }
        let named = try namedSpan(words)
        guard let (hour, minute) = time else { return try named.span(in: calendar) }
        guard case .day(let day) = named else {
            throw PhraseFailure(reason: "a time of day needs a day, not a whole \(named.unitName)")
        }
        return try CalendarSpan.minute(day, hour: hour, minute: minute).span(in: calendar)
    }

    /// The calendar span the words (without a time of day) name.
    private func namedSpan(_ words: [String]) throws -> CalendarSpan {
        let today = LocalDay(now, in: calendar)
        if words.count == 1, let numeric = try Self.numericSpan(words[0]) { return numeric }
        switch words {
        case ["today"]: return .day(today)
        case ["yesterday"]: return .day(today.adding(days: -1, in: calendar))
        case ["tomorrow"]: return .day(today.adding(days: 1, in: calendar))
        case ["now"]:
            let parts = calendar.dateComponents([.hour, .minute], from: now)
            return .minute(today, hour: parts.hour ?? 0, minute: parts.minute ?? 0)
        default: break
        }
        if words.count == 1, let weekday = DatePhraseWords.weekdays[words[0]] {
            return .day(today.latest(weekday: weekday, includingToday: true, in: calendar))
        }
        if words.count == 2, let weekday = DatePhraseWords.weekdays[words[1]] {
            switch words[0] {
            case "last": return .day(today.latest(weekday: weekday, includingToday: false, in: calendar))
            case "this": return .day(today.startOfWeek(in: calendar).adding(days: weekday, in: calendar))
            case "next": return .day(today.next(weekday: weekday, in: calendar))
            default: break
            }
        }
        if words.count == 2, ["last", "this", "next"].contains(words[0]), DatePhraseWords.units.contains(words[1]) {
            let step = words[0] == "last" ? -1 : words[0] == "next" ? 1 : 0
            return today.spanOf(unit: words[1], shiftedBy: step, in: calendar)
        }
        if let ago = try agoSpan(words, today: today) { return ago }
        if let named = try Self.monthNameSpan(words, today: today) { return named }
        throw PhraseFailure()
    }

    /// `3 days ago`, `a week ago`, `sun 2 weeks ago`, `sun week ago`.
    private func agoSpan(_ words: [String], today: LocalDay) throws -> CalendarSpan? {
        guard words.count >= 2, words.last == "ago" else { return nil }
        var rest = Array(words.dropLast())
        var weekday: Int?
        if let first = rest.first, let named = DatePhraseWords.weekdays[first] {
            weekday = named
            rest.removeFirst()
        }
        let count: Int
        let unit: String
        switch rest.count {
        case 1:
            unit = DatePhraseWords.singular(rest[0])
            count = 1
        case 2:
            unit = DatePhraseWords.singular(rest[1])
            guard let number = Int(rest[0]) ?? DatePhraseWords.numbers[rest[0]] else { return nil }
            count = number
        default:
            return nil
        }
        guard DatePhraseWords.units.contains(unit) else { return nil }
        // `Int` reads a sign: a negative count would count forwards, and negating `Int.min` traps.
        guard count >= 0 else {
            throw PhraseFailure(reason: "the number of \(unit)s ago must be from 0 to 100000")
        }
        guard count <= 100_000 else { throw PhraseFailure(reason: "\(count) \(unit)s is too far back") }
        if let weekday {
            guard unit == "week" else { throw PhraseFailure(reason: "a weekday goes with weeks ago, not \(unit)s") }
            let week = today.startOfWeek(in: calendar).adding(days: -7 * count, in: calendar)
            return .day(week.adding(days: weekday, in: calendar))
        }
        return .day(today.adding(count: -count, of: unit, in: calendar))
    }

    // MARK: - Numeric and named dates

    /// `2024`, `2024-06`, `2024-06-03` (or with `/`), `2024-06-03t14:00`; nil when not numeric.
    static func numericSpan(_ word: String) throws -> CalendarSpan? {
        if let separator = word.firstIndex(of: "t"), word.first?.isNumber == true {
            guard case .day(let day)? = try numericSpan(String(word[..<separator])),
                let time = try timeOfDay(String(word[word.index(after: separator)...]))
            else { return nil }
            return .minute(day, hour: time.hour, minute: time.minute)
        }
        let parts =
            word.split(separator: "-", omittingEmptySubsequences: false).count > 1
            ? word.split(separator: "-", omittingEmptySubsequences: false)
            : word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            return nil
        }
        if let failure = yearLastFailure(parts) { throw failure }
        guard parts[0].count == 4, let year = Int(parts[0]) else { return nil }
        switch parts.count {
        case 1: return .year(year)
        case 2:
            guard let month = Int(parts[1]), parts[1].count <= 2 else { return nil }
            guard (1...12).contains(month) else { throw PhraseFailure(reason: "there is no month \(month)") }
            return .month(year: year, month: month)
        case 3:
            guard let month = Int(parts[1]), let day = Int(parts[2]), parts[1].count <= 2, parts[2].count <= 2 else {
                return nil
            }
            return .day(try LocalDay.checked(year: year, month: month, day: day))
        default:
            return nil
        }
    }

    /// `june`, `june 2024`, `2024 june`, `june 3`, `3 june`, `june 3 2024`, `3 june 2024`, `june 3rd`.
    static func monthNameSpan(_ words: [String], today: LocalDay) throws -> CalendarSpan? {
        guard let monthIndex = words.firstIndex(where: { DatePhraseWords.months[$0] != nil }),
            let month = DatePhraseWords.months[words[monthIndex]]
        else { return nil }
        var others = words
        others.remove(at: monthIndex)
        var year: Int?
        var day: Int?
        for word in others {
            let digits = Self.dayNumberDigits(word)
            if digits.count == 4, year == nil, let value = Int(digits) {
                year = value
            } else if (1...2).contains(digits.count), day == nil, let value = Int(digits) {
                day = value
            } else {
                return nil
            }
        }
        // A month without a year is the latest one that has begun.
        let resolvedYear = year ?? (month <= today.month ? today.year : today.year - 1)
        guard let day else { return .month(year: resolvedYear, month: month) }
        return .day(try LocalDay.checked(year: resolvedYear, month: month, day: day))
    }

    /// `3`, `3rd`, `21st` → the digits; other words unchanged (and then rejected by the caller).
    private static func dayNumberDigits(_ word: String) -> String {
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) && word.count > suffix.count {
            let digits = String(word.dropLast(suffix.count))
            if digits.allSatisfy(\.isNumber) && digits.count <= 2 { return digits }
        }
        return word.allSatisfy({ $0.isASCII && $0.isNumber }) ? word : ""
    }

    // MARK: - Time of day

    /// Removes a trailing time of day (`14:00`, `9am`, `2:30 pm`, `at 9am`, `noon`) and returns it.
    static func takeTimeOfDay(from words: inout [String]) throws -> (hour: Int, minute: Int)? {
        guard let last = words.last else { return nil }
        var time: (hour: Int, minute: Int)?
        if ["am", "pm"].contains(last), words.count >= 2, let value = try timeOfDay(words[words.count - 2] + last) {
            time = value
            words.removeLast(2)
        } else if words.count >= 2 || last.contains(":") || last.hasSuffix("am") || last.hasSuffix("pm")
            || last == "noon" || last == "midnight",
            let value = try timeOfDay(last)
        {
            time = value
            words.removeLast()
        }
        if time != nil, words.last == "at" { words.removeLast() }
        return time
    }

    /// `14:00`, `9:05`, `9am`, `12pm`, `2:30pm`, `noon`, `midnight`; nil when not a time.
    static func timeOfDay(_ word: String) throws -> (hour: Int, minute: Int)? {
        if word == "noon" { return (12, 0) }
        if word == "midnight" { return (0, 0) }
        var text = Substring(word)
        var meridiem: String?
        if text.hasSuffix("am") || text.hasSuffix("pm") {
            meridiem = String(text.suffix(2))
            text = text.dropLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.count == 2 || meridiem != nil,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            var hour = Int(parts[0])
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) ?? 99 : 0
        if let meridiem {
            guard (1...12).contains(hour) else { throw PhraseFailure(reason: "there is no \(word)") }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard hour < 24, minute < 60 else { throw PhraseFailure(reason: "there is no time \(word)") }
        return (hour, minute)
    }

    // MARK: - Did you mean

    /// The phrase with misspelt words corrected, when that phrase reads.
    private func suggestion(for words: [String]) -> String? {
        var changed = false
        let corrected = words.map { word -> String in
            if Self.isKnown(word) { return word }
            guard let correction = DatePhraseSpelling.correction(for: word) else { return word }
            changed = true
            return correction
        }
        guard changed, (try? read(corrected)) != nil else { return nil }
        return corrected.joined(separator: " ")
    }

    private static func isKnown(_ word: String) -> Bool {
        DatePhraseWords.keywords.contains(word) || DatePhraseWords.units.contains(word)
            || DatePhraseWords.weekdays[word] != nil || DatePhraseWords.months[word] != nil
            || DatePhraseWords.numbers[word] != nil || word.contains(where: \.isNumber)
    }
}
