// The search query language (EntryModel `SearchQueryParser`), strict as the command line and the
// status line read it, and lenient as search-as-you-type does.
//
// What must hold:
// - a query the strict parser accepts reads the same leniently (leniency only forgives mistakes);
// - no store syntax gets through: every word of every term is one word as the app's tokenizer
//   (`SearchTokens`, SQLite's unicode61) splits it, with no ASCII but letters and digits; a phrase has
//   words; a tag is non-empty, without space around it (`tag:"two words"` may hold one inside);
// - a `date:` span is non-empty.
import EntryModel
import Foundation
import FuzzSupport

let dates = DatePhraseReader(
    now: Date(timeIntervalSince1970: 1_717_400_000), timeZone: TimeZone(secondsFromGMT: 0) ?? .current)

/// libFuzzer's entry point: parses the input as a search query with `SearchQueryParser`, strictly and leniently, and
/// checks a strict query reads the same leniently, no store syntax gets through into a term or tag, and a `date:` span
/// is non-empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let strict = try? SearchQueryParser(dates: dates).parse(text)
    let lenient = SearchQueryParser.lenientQuery(text, dates: dates)
    if let strict {
        fuzzCheck(
            lenient == strict,
            "read differently when lenient: \(text.debugDescription) strict \(strict), lenient \(String(describing: lenient))"
        )
        check(strict, text)
    }
    if let lenient { check(lenient, text) }
    return 0
}

func check(_ query: SearchQuery, _ text: String) {
    for term in query.required.joined() + query.excluded {
        if case .phrase(let words) = term { fuzzCheck(!words.isEmpty, "an empty phrase from \(text.debugDescription)") }
        for word in term.words {
            fuzzCheck(
                SearchTokens.words(in: word) == [word],
                "a term that is not one word: \(word.debugDescription) from \(text.debugDescription)")
            fuzzCheck(
                !word.unicodeScalars.contains {
                    $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0))
                },
                "a word with ASCII other than letters and digits: \(word.debugDescription) from \(text.debugDescription)"
            )
        }
    }
    fuzzCheck(!query.required.contains(where: \.isEmpty), "an empty OR group from \(text.debugDescription)")
    for tag in query.tags {
        fuzzCheck(
            tag.first?.isWhitespace == false && tag.last?.isWhitespace == false,
            "a tag \(tag.debugDescription) from \(text.debugDescription)")
    }
    if let span = query.created { fuzzCheck(span.start < span.end, "an empty date span from \(text.debugDescription)") }
}
