import Foundation

/// Days written with the year last (`12/25/2024`, `25-12-2024`), as jrnl users type them: refused
/// with what to write instead, never guessed (`06/03/2024` is 3 June in one country, 6 March in
/// another, and even an unambiguous one would teach a form that sometimes guesses).
extension DatePhraseReader {
    /// Why `parts` (a word split at `/` or `-`) are not read when they are a day, a month and then a
    /// four-digit year; nil for any other shape.
    static func yearLastFailure(_ parts: [Substring]) -> PhraseFailure? {
        guard parts.count == 3, parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
            let first = Int(parts[0]), let second = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        let monthFirst = try? LocalDay.checked(year: year, month: first, day: second)
        let dayFirst = try? LocalDay.checked(year: year, month: second, day: first)
        switch (monthFirst, dayFirst) {
        case (let one?, let other?) where one != other:
            return PhraseFailure(
                reason:
                    "is it \(spoken(one)) or \(spoken(other))? Write the year first, as in \(iso(one)) or \(iso(other))"
            )
        case (let one?, _), (_, let one?):
            return PhraseFailure(reason: "write the year first, as in \(iso(one))")
        case (nil, nil):
            return PhraseFailure(
                reason: "write the year first, as in \(iso(LocalDay(year: year, month: 6, day: 3))) (year-month-day)")
        }
    }

    private static func iso(_ day: LocalDay) -> String {
        String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
    }

    private static func spoken(_ day: LocalDay) -> String {
        "\(day.day) \(LocalDay.monthName(day.month))"
    }
}
