// The link parser (EntryModel `EntryLinkParser`, as the details screen, the store and the import read
// `[[Title]]` and `[[#42]]` in an entry's text).
//
// What must hold for every text:
// - every link lies inside the text, in order and without overlap, starts with `[[` and ends with
//   `]]`, on one line, and holds no bracket or control character between them;
// - an id link is `#` and digits naming an id above 0; a title link's title is its target trimmed,
//   never empty;
// - the store's reading of the same text (`EntryLinkTargets`, which keeps only the targets, by
//   another path through the parser) names exactly the targets of the links found;
// - nothing inside a fenced code block is a link: the text after an unclosed fence longer than any
//   run of its own holds none; nor inside a code span: a link of a line without backticks, put
//   between two, is no longer found, and the others still are;
// - one input in 64 is repeated to well over 10,000 links (every run of it linear in its length).
import EntryModel
import FuzzSupport

/// libFuzzer's entry point: parses the input's text for links and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let steer = input.byte()
    var text = String(decoding: input.rest(), as: UTF8.self)
    // By the input's hash, not a byte: the fuzzer would learn to set a byte, and most of its runs
    // would then parse a hundred kilobytes.
    if fuzzSample(start, count, oneIn: 64), !text.isEmpty {
        // Many links: the input repeated to about 100,000 bytes (a link is at least 5 bytes).
        text = String(repeating: text + "\n", count: max(1, 100_000 / (text.utf8.count + 1)))
    }
    let links = EntryLinkParser.links(in: text)
    let bytes = Array(text.utf8)
    checkEachLink(links, bytes)
    checkTheStoreReadsTheSame(links, text)
    checkFencedCodeHoldsNone(text, bytes)
    if steer & 0x40 != 0 { checkCodeSpansHoldNone(links, bytes) }
    return 0
}

func checkEachLink(_ links: [EntryLink], _ bytes: [UInt8]) {
    var previousEnd = 0
    for link in links {
        let range = link.range
        fuzzCheck(
            range.lowerBound >= previousEnd && range.upperBound <= bytes.count && range.count >= 5,
            "a link at \(range) outside the text (\(bytes.count) bytes) or overlapping the one before (ends \(previousEnd))"
        )
        previousEnd = range.upperBound
        let open = Array(bytes[range.lowerBound..<range.lowerBound + 2])
        let close = Array(bytes[range.upperBound - 2..<range.upperBound])
        fuzzCheck(open == Array("[[".utf8) && close == Array("]]".utf8), "a link at \(range) without its brackets")
        let inner = bytes[range.lowerBound + 2..<range.upperBound - 2]
        fuzzCheck(
            !inner.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 < 0x20 || $0 == 0x7F },
            "a link at \(range) holding a bracket, a line break or a control character")
        // The target: up to the first `|`, without the spaces and tabs around it.
        var target = Array(inner.prefix { $0 != UInt8(ascii: "|") })
        while let first = target.first, first == 0x20 || first == 0x09 { target.removeFirst() }
        while let last = target.last, last == 0x20 || last == 0x09 { target.removeLast() }
        let digits = target.dropFirst()
        let isId =
            target.first == UInt8(ascii: "#") && (1...18).contains(digits.count)
            && digits.allSatisfy { (0x30...0x39).contains($0) } && digits.contains { $0 != 0x30 }
        switch link.target {
        case .id(let id):
            fuzzCheck(
                isId && Int64(String(decoding: digits, as: UTF8.self)) == id, "the id link at \(range) read as \(id)")
        case .title(let title):
            fuzzCheck(
                !isId && !title.isEmpty && Array(title.utf8) == target,
                "the title link at \(range) read as \(title.debugDescription)")
        }
        fuzzCheck(!link.label.isEmpty, "a link at \(range) with an empty label")
    }
}

func checkTheStoreReadsTheSame(_ links: [EntryLink], _ text: String) {
    let targets = EntryLinkTargets(body: text, moreDetails: "")
    var ids = Set<Int64>(), keys = Set<[UInt8]>()
    for link in links {
        switch link.target {
        case .id(let id): ids.insert(id)
        case .title: if let key = link.target.titleKey { keys.insert(key) }
        }
    }
    fuzzCheck(Set(targets.ids) == ids, "the store reads the ids \(targets.ids), the links name \(ids.sorted())")
    fuzzCheck(
        Set(targets.titleKeys) == keys,
        "the store reads \(targets.titleKeys.count) titles, the links name \(keys.count)")
    fuzzCheck(
        targets.ids == targets.ids.sorted() && Set(targets.ids).count == targets.ids.count,
        "the ids unsorted or repeated")
}

/// An unclosed fence of more tildes than any run in the text: nothing after it is a link.
func checkFencedCodeHoldsNone(_ text: String, _ bytes: [UInt8]) {
    var longest = 0, run = 0
    for byte in bytes {
        run = byte == UInt8(ascii: "~") ? run + 1 : 0
        longest = max(longest, run)
    }
    let fence = String(repeating: "~", count: max(3, longest + 1))
    let fenced = EntryLinkParser.links(in: fence + "\n" + text)
    fuzzCheck(fenced.isEmpty, "\(fenced.count) links found inside a fenced code block")
}

/// The first links of lines without backticks, each put in a code span: that one is gone, the rest stay.
func checkCodeSpansHoldNone(_ links: [EntryLink], _ bytes: [UInt8]) {
    var tried = 0
    for (index, link) in links.enumerated() where tried < 3 {
        let lineStart = bytes[..<link.range.lowerBound].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let lineEnd = bytes[link.range.upperBound...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        guard !bytes[lineStart..<lineEnd].contains(UInt8(ascii: "`")) else { continue }
        tried += 1
        let spanned =
            Array(bytes[..<link.range.lowerBound]) + Array("`".utf8) + Array(bytes[link.range])
            + Array("`".utf8) + Array(bytes[link.range.upperBound...])
        let found = EntryLinkParser.links(in: String(decoding: spanned, as: UTF8.self))
        fuzzCheck(
            found.count == links.count - 1,
            "the link at \(link.range) in a code span: \(found.count) links found instead of \(links.count - 1)")
        // The others, in order, moved by the two backticks after it.
        let others = links.enumerated().filter { $0.offset != index }.map { element -> EntryLink in
            var other = element.element
            if element.offset > index { other.range = (other.range.lowerBound + 2)..<(other.range.upperBound + 2) }
            return other
        }
        fuzzCheck(found == others, "the links other than the one at \(link.range) changed when it went in a code span")
    }
}
