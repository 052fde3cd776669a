// Date phrases (EntryModel `DatePhraseReader`), as `--from`, `--to`, `--on` and `date:` read them:
// relative to a fuzzer-chosen "now", in UTC or a zone with a daylight-saving change.
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

/// libFuzzer's entry point: reads the input's tail as a date phrase with `DatePhraseReader` (a "now" and time zone
/// taken from its first bytes) and checks the span is non-empty, at most a year and a day, and unchanged by case or
/// doubled spaces.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    // A "now" between 1990 and 2050.
    let now = Date(timeIntervalSince1970: 631_152_000 + Double(input.int(in: 0...65_535)) * 29_000)
    let zone = zones[Int(input.byte()) % zones.count]
    let phrase = String(decoding: input.rest(), as: UTF8.self)
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
