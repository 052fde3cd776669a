// Date phrases (EntryModel `DatePhraseReader`), as `--from`, `--to`, `--on` and `date:` read them:
// relative to a fuzzer-chosen "now", in UTC or a zone with a daylight-saving change; the phrase is the
// input's text, or words and numbers the input's bytes choose (`wordPhrase(of:)`).
//
// What must hold:
// - a phrase that reads names a non-empty span (start before end) of at most a year and a day;
// - case, commas and extra spaces do not matter (as documented): an ASCII phrase upper-cased, or with
//   its spaces doubled, reads to the same span, or fails the same way;
// - a phrase longer than `maximumLength` is refused.
import EntryModel
import Foundation
import FuzzSupport

let zones = ["UTC", "Europe/London", "Pacific/Auckland"].compactMap { TimeZone(identifier: $0) }

/// The words a phrase is built of when the input asks for words (the zone byte's top bit set): byte
/// mutations seldom write a number of many digits between words the reader knows, and numbers at the
/// edges of what a count holds are where reading goes wrong (a negative count before "ago" made a span
/// that ends before it begins, and "-9223372036854775808 days ago" stopped the program).
let vocabulary = [
    "today", "yesterday", "tomorrow", "now", "last", "this", "next", "ago", "a", "day", "days", "week", "weeks",
    "month", "months", "year", "years", "at", "noon", "midnight", "am", "pm", "monday", "fri", "sun", "june", "jan",
    "2024", "2024-06", "2024-06-03", "14:00", "9am", "3rd", ",",
]

/// The phrase `bytes` spell as words: a byte below the vocabulary's size is that word, a byte from 0xF0
/// on starts a number of the eight bytes after it (any `Int64`, its sign included), and any other byte
/// is its value less 100 (small counts, zero and negative ones).
func wordPhrase(of bytes: [UInt8]) -> String {
    var words: [String] = []
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if Int(byte) < vocabulary.count {
            words.append(vocabulary[Int(byte)])
        } else if byte >= 0xF0 {
            var value: UInt64 = 0
            for _ in 0..<8 {
                value = value << 8 | UInt64(index < bytes.count ? bytes[index] : 0)
                index += 1
            }
            words.append(String(Int64(bitPattern: value)))
        } else {
            words.append(String(Int(byte) - 100))
        }
    }
    return words.joined(separator: " ")
}

/// libFuzzer's entry point: reads the input's tail as a date phrase with `DatePhraseReader` (a "now" and time zone
/// taken from its first bytes) and checks the span is non-empty, at most a year and a day, and unchanged by case or
/// doubled spaces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    // A "now" between 1990 and 2050.
    let now = Date(timeIntervalSince1970: 631_152_000 + Double(input.int(in: 0...65_535)) * 29_000)
    let steering = input.byte()
    let zone = zones[Int(steering & 0x7F) % zones.count]
    let rest = input.rest()
    let phrase = steering & 0x80 != 0 ? wordPhrase(of: rest) : String(decoding: rest, as: UTF8.self)
    let reader = DatePhraseReader(now: now, timeZone: zone)
    let span = try? reader.span(of: phrase)
    if let span {
        fuzzCheck(span.start < span.end, "an empty or reversed span for \(phrase.debugDescription): \(span)")
        fuzzCheck(
            span.end.timeIntervalSince(span.start) <= 367 * 86_400,
            "a span longer than a year for \(phrase.debugDescription): \(span)")
        fuzzCheck(
            phrase.count <= DatePhraseReader.maximumLength,
            "a phrase past the length limit was read: \(phrase.debugDescription)")
    }
    if phrase.allSatisfy(\.isASCII) {
        let upper = phrase.uppercased()
        fuzzCheck(
            (try? reader.span(of: upper)) == span,
            "case mattered: \(phrase.debugDescription) and \(upper.debugDescription)")
        let spaced = phrase.replacingOccurrences(of: " ", with: "  ")
        if spaced.count <= DatePhraseReader.maximumLength {
            fuzzCheck((try? reader.span(of: spaced)) == span, "extra spaces mattered: \(phrase.debugDescription)")
        }
    }
    return 0
}
