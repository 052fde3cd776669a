import EntryModel
import Foundation
import XCTest

/// Date phrases read against a fixed "now" and zone: each row is a phrase and the span it must name,
/// written as local times in that zone.
final class DatePhraseReaderTests: XCTestCase {
    private let paris = TimeZone(identifier: "Europe/Paris")!

    /// Wednesday 5 June 2024, 15:30 in Paris.
    private var wednesday: DatePhraseReader {
        DatePhraseReader(now: instant("2024-06-05 15:30", in: paris), timeZone: paris)
    }

    func testRelativeDaysAndWeekdays() throws {
        try assertSpans(
            wednesday,
            [
                ("today", "2024-06-05 00:00", "2024-06-06 00:00"),
                ("Today", "2024-06-05 00:00", "2024-06-06 00:00"),
                ("yesterday", "2024-06-04 00:00", "2024-06-05 00:00"),
                ("tomorrow", "2024-06-06 00:00", "2024-06-07 00:00"),
                ("now", "2024-06-05 15:30", "2024-06-05 15:31"),
                ("monday", "2024-06-03 00:00", "2024-06-04 00:00"),
                ("wednesday", "2024-06-05 00:00", "2024-06-06 00:00"),
                ("wed", "2024-06-05 00:00", "2024-06-06 00:00"),
                ("friday", "2024-05-31 00:00", "2024-06-01 00:00"),
                ("last friday", "2024-05-31 00:00", "2024-06-01 00:00"),
                ("  Last   Friday ", "2024-05-31 00:00", "2024-06-01 00:00"),
                ("last wednesday", "2024-05-29 00:00", "2024-05-30 00:00"),
                ("this friday", "2024-06-07 00:00", "2024-06-08 00:00"),
                ("next monday", "2024-06-10 00:00", "2024-06-11 00:00"),
                ("next wednesday", "2024-06-12 00:00", "2024-06-13 00:00"),
            ])
    }

    func testWholeWeeksMonthsAndYears() throws {
        try assertSpans(
            wednesday,
            [
                ("this week", "2024-06-03 00:00", "2024-06-10 00:00"),
                ("last week", "2024-05-27 00:00", "2024-06-03 00:00"),
                ("next week", "2024-06-10 00:00", "2024-06-17 00:00"),
                ("this month", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("last month", "2024-05-01 00:00", "2024-06-01 00:00"),
                ("last year", "2023-01-01 00:00", "2024-01-01 00:00"),
                ("this year", "2024-01-01 00:00", "2025-01-01 00:00"),
            ])
    }

    func testAgo() throws {
        try assertSpans(
            wednesday,
            [
                ("3 days ago", "2024-06-02 00:00", "2024-06-03 00:00"),
                ("two days ago", "2024-06-03 00:00", "2024-06-04 00:00"),
                ("a week ago", "2024-05-29 00:00", "2024-05-30 00:00"),
                ("2 weeks ago", "2024-05-22 00:00", "2024-05-23 00:00"),
                ("a month ago", "2024-05-05 00:00", "2024-05-06 00:00"),
                ("1 year ago", "2023-06-05 00:00", "2023-06-06 00:00"),
                ("sun 2 weeks ago", "2024-05-26 00:00", "2024-05-27 00:00"),
            ])
    }

    /// jrnl issue #1099: on Thursday 26 November 2020, "sun 2 week ago" is Sunday 15 November (what
    /// `date -d` answers), and "sun week ago" Sunday 22 November; jrnl dropped the weekday.
    func testAWeekdayWeeksAgoIsThatDayOfThatWeek() throws {
        let thursday = DatePhraseReader(now: instant("2020-11-26 10:00", in: paris), timeZone: paris)
        try assertSpans(
            thursday,
            [
                ("sun 2 week ago", "2020-11-15 00:00", "2020-11-16 00:00"),
                ("sun week ago", "2020-11-22 00:00", "2020-11-23 00:00"),
                ("monday 1 week ago", "2020-11-16 00:00", "2020-11-17 00:00"),
            ])
    }

    func testAMonthAgoFromTheThirtyFirstIsTheMonthsLastDay() throws {
        let reader = DatePhraseReader(now: instant("2024-03-31 09:00", in: paris), timeZone: paris)
        try assertSpans(reader, [("a month ago", "2024-02-29 00:00", "2024-03-01 00:00")])
    }

    func testNumericAndNamedDates() throws {
        try assertSpans(
            wednesday,
            [
                ("2024", "2024-01-01 00:00", "2025-01-01 00:00"),
                ("2024-06", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("2024-06-03", "2024-06-03 00:00", "2024-06-04 00:00"),
                ("2024/06/03", "2024-06-03 00:00", "2024-06-04 00:00"),
                ("june 2024", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("Jun 2024", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("2024 june", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("june", "2024-06-01 00:00", "2024-07-01 00:00"),
                ("july", "2023-07-01 00:00", "2023-08-01 00:00"),
                ("june 3", "2024-06-03 00:00", "2024-06-04 00:00"),
                ("3 june 2023", "2023-06-03 00:00", "2023-06-04 00:00"),
                ("june 3rd, 2022", "2022-06-03 00:00", "2022-06-04 00:00"),
            ])
    }

    func testTimesOfDay() throws {
        try assertSpans(
            wednesday,
            [
                ("2024-06-03 14:00", "2024-06-03 14:00", "2024-06-03 14:01"),
                ("2024-06-03T14:00", "2024-06-03 14:00", "2024-06-03 14:01"),
                ("2024-06-03 2:30 pm", "2024-06-03 14:30", "2024-06-03 14:31"),
                ("yesterday 14:00", "2024-06-04 14:00", "2024-06-04 14:01"),
                ("friday at 9am", "2024-05-31 09:00", "2024-05-31 09:01"),
                ("12am", "2024-06-05 00:00", "2024-06-05 00:01"),
                ("12pm", "2024-06-05 12:00", "2024-06-05 12:01"),
                ("noon", "2024-06-05 12:00", "2024-06-05 12:01"),
            ])
    }

    /// A day is read in the zone: the same instant is 5 June in Paris and already 6 June in Tokyo,
    /// and the day clocks move forward is 23 hours long.
    func testDaysAreReadInTheZone() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let lateEvening = instant("2024-06-05 23:30", in: paris)
        try assertSpans(
            DatePhraseReader(now: lateEvening, timeZone: tokyo), [("today", "2024-06-06 00:00", "2024-06-07 00:00")],
            in: tokyo)
        let newYork = TimeZone(identifier: "America/New_York")!
        let springForward = DatePhraseReader(now: instant("2024-03-10 12:00", in: newYork), timeZone: newYork)
        let today = try springForward.span(of: "today")
        XCTAssertEqual(today.end.timeIntervalSince(today.start), 23 * 3600)
    }

    func testMistakesSayWhatWasMeant() {
        assertError("las friday", #"cannot read "las friday" as a date; did you mean "last friday"?"#)
        assertError("yesterdya", #"cannot read "yesterdya" as a date; did you mean "yesterday"?"#)
        assertError("3 dyas ago", #"cannot read "3 dyas ago" as a date; did you mean "3 days ago"?"#)
        assertError("next wendesday", #"cannot read "next wendesday" as a date; did you mean "next wednesday"?"#)
        assertError("whenever", #"cannot read "whenever" as a date"#)
        assertError("2024-13", #"cannot read "2024-13" as a date: there is no month 13"#)
        assertError("2023-02-29", #"cannot read "2023-02-29" as a date: there is no day 29 in February 2023"#)
        assertError("yesterday 25:00", #"cannot read "yesterday 25:00" as a date: there is no time 25:00"#)
        assertError("13pm", #"cannot read "13pm" as a date: there is no 13pm"#)
        assertError(
            "tuesday 3 months ago",
            #"cannot read "tuesday 3 months ago" as a date: a weekday goes with weeks ago, not months"#)
        assertError("june 14:00", #"cannot read "june 14:00" as a date: a time of day needs a day, not a whole month"#)
        assertError("   ", #"cannot read "   " as a date: it is empty"#)
        assertError("\u{1B}[2J", #"cannot read "\#u{1B}[2J" as a date"#)
        let long = String(repeating: "last ", count: 100_000)
        XCTAssertEqual(error(long)?.reason, "too long to be a date")
    }

    /// A day written with its year last (`12/25/2024`, as jrnl users type it) said only "cannot read":
    /// now it says to write the year first, and which days an ambiguous one could be. It is never
    /// guessed, even where only one reading exists.
    func testAYearWrittenLastSaysToWriteTheYearFirst() {
        assertError(
            "12/25/2024", #"cannot read "12/25/2024" as a date: write the year first, as in 2024-12-25"#)
        assertError(
            "25/12/2024", #"cannot read "25/12/2024" as a date: write the year first, as in 2024-12-25"#)
        assertError(
            "25-12-2024 9am", #"cannot read "25-12-2024 9am" as a date: write the year first, as in 2024-12-25"#)
        assertError(
            "06/03/2024",
            #"cannot read "06/03/2024" as a date: is it 3 June or 6 March? Write the year first, as in 2024-06-03 or 2024-03-06"#
        )
        assertError("7/7/2024", #"cannot read "7/7/2024" as a date: write the year first, as in 2024-07-07"#)
        assertError(
            "13/14/2024",
            #"cannot read "13/14/2024" as a date: write the year first, as in 2024-06-03 (year-month-day)"#)
        XCTAssertNotNil(try? wednesday.span(of: "2024/06/03"), "the year first reads, with slashes too")
    }

    /// The count before `ago` counts back: a sign made "-100000000000000 days ago" a span that ends before
    /// it begins (the limit on how far back only looked one way), and "-9223372036854775808 days ago"
    /// stopped the program (the count was negated). Such a count is refused, saying what is read; the
    /// phrase that stopped the program is last, so that the others are checked before it.
    func testANegativeCountBeforeAgoIsRefused() {
        assertError(
            "-3 days ago", #"cannot read "-3 days ago" as a date: the number of days ago must be from 0 to 100000"#)
        assertError(
            "-100000000000000 days ago",
            #"cannot read "-100000000000000 days ago" as a date: the number of days ago must be from 0 to 100000"#)
        assertError(
            "sun -2000000000000000000 weeks ago",
            #"cannot read "sun -2000000000000000000 weeks ago" as a date: the number of weeks ago must be from 0 to 100000"#
        )
        XCTAssertNotNil(error("-9223372036854775808 days ago"))
    }

    // MARK: - Helpers

    private func assertSpans(
        _ reader: DatePhraseReader, _ rows: [(String, String, String)], in zone: TimeZone? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let zone = zone ?? paris
        for (phrase, start, end) in rows {
            do {
                let span = try reader.span(of: phrase)
                XCTAssertEqual(
                    local(span.start, in: zone), start, "start of \(phrase.debugDescription)", file: file, line: line)
                XCTAssertEqual(
                    local(span.end, in: zone), end, "end of \(phrase.debugDescription)", file: file, line: line)
            } catch {
                XCTFail("\(phrase.debugDescription): \(error)", file: file, line: line)
            }
        }
    }

    private func assertError(_ phrase: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(error(phrase)?.description, message, file: file, line: line)
    }

    private func error(_ phrase: String) -> DatePhraseError? {
        do {
            _ = try wednesday.span(of: phrase)
            return nil
        } catch {
            return error
        }
    }

    private func instant(_ text: String, in zone: TimeZone) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    private func local(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
