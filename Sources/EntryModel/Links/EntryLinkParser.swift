import Foundation

/// Finds the links (``EntryLink``) in an entry's text.
///
/// The syntax, as nb and Obsidian write it:
/// - `[[Title]]` and `[[#42]]` (a `#` and digits only: an id); `[[Title|shown text]]` shows the text
///   after `|`. Spaces around the target are ignored; an empty target is no link.
/// - A link is on one line, and holds no `[`, `]` or control character: in `[[a [[b]] c]]` only
///   `[[b]]` is a link.
/// - `\[[` is no link (an escaped bracket), nor is anything in a code span (between backticks) or in
///   a fenced code block (the lines between two fences of three backticks or three tildes).
///
/// Linear in the length of the text whatever it holds (a run of a million `[[`, brackets nested
/// without end, unclosed code spans): each byte is looked at a bounded number of times.
public enum EntryLinkParser {
    /// A quick test: false when `text` cannot hold a link (no `[[` at all).
    public static func mayHoldLinks(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { holdsTwoLeftBrackets($0) }
    }

    /// Whether `bytes` hold `[[`: `memchr` finds each `[` (a store asks this of every text it writes,
    /// and a byte-by-byte walk over a String's UTF-8 view cost half a second at a million entries).
    static func holdsTwoLeftBrackets(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
        var index = 0
        // A `[` at the last byte cannot start `[[`.
        while index < bytes.count - 1 {
            guard let found = memchr(base + index, Int32(UInt8.leftBracket), bytes.count - 1 - index) else {
                return false
            }
            let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if base[position + 1] == .leftBracket { return true }
            index = position + 1
        }
        return false
    }

    /// The links of `text`, in order.
    public static func links(in text: String) -> [EntryLink] {
        var text = text
        return text.withUTF8 { bytes in
            var links: [EntryLink] = []
            scan(bytes) { inner, range in
                guard let link = link(bytes, inner: inner, range: range) else { return false }
                links.append(link)
                return true
            }
            return links
        }
    }

    /// Adds the targets of the links of `text` to `ids` and `titleKeys` (in text order, duplicates
    /// kept): what ``EntryLinkTargets`` keeps, without making each link's label and title as a
    /// ``links(in:)`` does. An import of a million entries with three links each reads them all.
    static func addTargets(of text: String, ids: inout [Int64], titleKeys: inout [[UInt8]]) {
        var text = text
        text.withUTF8 { bytes in
            scan(bytes) { inner, _ in
                let named = target(bytes, inner: inner)
                guard !named.isEmpty else { return false }
                if let id = id(bytes, named) {
                    ids.append(id)
                } else {
                    titleKeys.append(TitleSortKey.key(utf8: UnsafeBufferPointer(rebasing: bytes[named])))
                }
                return true
            }
        }
    }

    /// Calls `found` with the inside and the whole of each candidate `[[...]]` of `bytes`, in order,
    /// outside fenced code blocks; `found` says whether it is a link (a candidate with an empty
    /// target is not, and the scan goes on inside it).
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ found: (_ inner: Range<Int>, _ range: Range<Int>) -> Bool
    ) {
        var fence: (byte: UInt8, length: Int)?
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != .newline { lineEnd += 1 }
            let marker = fenceMarker(bytes, lineStart..<lineEnd)
            if let open = fence {
                if let marker, marker.byte == open.byte, marker.length >= open.length { fence = nil }
            } else if let marker {
                fence = marker
            } else {
                scanLine(bytes, lineStart..<lineEnd, found)
            }
            lineStart = lineEnd + 1
        }
    }

    /// The fence a line opens or closes (up to three spaces, then three or more backticks or
    /// tildes), or nil.
    private static func fenceMarker(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) -> (byte: UInt8, length: Int)? {
        var index = line.lowerBound
        while index < line.upperBound && index - line.lowerBound < 3 && bytes[index] == .space { index += 1 }
        guard index < line.upperBound, bytes[index] == .backtick || bytes[index] == .tilde else { return nil }
        let byte = bytes[index]
        let start = index
        while index < line.upperBound && bytes[index] == byte { index += 1 }
        return index - start >= 3 ? (byte: byte, length: index - start) : nil
    }

    /// The code spans of a line: a run of backticks up to the next run of as many (CommonMark), as
    /// ranges from the opening run's start to the closing run's end. A run with no partner is text.
    private static func codeSpans(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> [Range<Int>] {
        var runs: [(start: Int, length: Int)] = []
        var index = line.lowerBound
        var backslashes = 0
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == .backtick {
                let start = index
                while index < line.upperBound && bytes[index] == .backtick { index += 1 }
                // An escaped backtick is text; the rest of its run may still open a span.
                let escaped = backslashes % 2 == 1 ? 1 : 0
                if index - start - escaped > 0 {
                    runs.append((start: start + escaped, length: index - start - escaped))
                }
                backslashes = 0
                continue
            }
            backslashes = byte == .backslash ? backslashes + 1 : 0
            index += 1
        }
        guard runs.count > 1 else { return [] }
        // For each run, the next run of the same length (found walking backwards, so linear).
        var nextOfLength: [Int: Int] = [:]
        var partner = [Int?](repeating: nil, count: runs.count)
        for position in runs.indices.reversed() {
            partner[position] = nextOfLength[runs[position].length]
            nextOfLength[runs[position].length] = position
        }
        var spans: [Range<Int>] = []
        var position = 0
        while position < runs.count {
            if let closing = partner[position] {
                spans.append(runs[position].start..<(runs[closing].start + runs[closing].length))
                position = closing + 1
            } else {
                position += 1
            }
        }
        return spans
    }

    private static func scanLine(
        _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>,
        _ found: (_ inner: Range<Int>, _ range: Range<Int>) -> Bool
    ) {
        guard line.count >= 5 else { return }
        let spans = codeSpans(bytes, line)
        var nextSpan = 0
        var backslashes = 0
        var index = line.lowerBound
        while index + 1 < line.upperBound {
            let spanStart = nextSpan < spans.count ? spans[nextSpan].lowerBound : line.upperBound
            if index >= spanStart {
                index = spans[nextSpan].upperBound
                nextSpan += 1
                backslashes = 0
                continue
            }
            let byte = bytes[index]
            guard byte == .leftBracket, bytes[index + 1] == .leftBracket, backslashes % 2 == 0 else {
                backslashes = byte == .backslash ? backslashes + 1 : 0
                index += 1
                continue
            }
            backslashes = 0
            // The target runs to the first bracket, control character, code span or end of line.
            var end = index + 2
            while end < min(line.upperBound, spanStart) && !stopsALink(bytes[end]) { end += 1 }
            if end + 1 < min(line.upperBound, spanStart) && bytes[end] == .rightBracket
                && bytes[end + 1] == .rightBracket, found((index + 2)..<end, index..<(end + 2))
            {
                index = end + 2
            } else if end == index + 2 {
                // `[[[x]]`: the second bracket may open a link.
                index += 1
            } else {
                // Nothing before `end` can open a link, but the backslashes just before it escape
                // a bracket there (`[[a\[[b]]` holds no link).
                var before = end
                while before > index + 2 && bytes[before - 1] == .backslash { before -= 1 }
                backslashes = end - before
                index = end
            }
        }
    }

    @inline(__always)
    private static func stopsALink(_ byte: UInt8) -> Bool {
        byte == .leftBracket || byte == .rightBracket || byte < 0x20 || byte == 0x7F
    }

    /// The link of the text between the brackets, or nil when it names nothing.
    private static func link(_ bytes: UnsafeBufferPointer<UInt8>, inner: Range<Int>, range: Range<Int>) -> EntryLink? {
        let bar = bar(bytes, inner: inner)
        let target = trimmed(bytes, inner.lowerBound..<bar)
        guard !target.isEmpty else { return nil }
        let shown = bar < inner.upperBound ? trimmed(bytes, (bar + 1)..<inner.upperBound) : target
        let label = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[shown.isEmpty ? target : shown]), as: UTF8.self)
        if let id = id(bytes, target) {
            return EntryLink(target: .id(id), label: label, range: range)
        }
        let title = String(decoding: UnsafeBufferPointer(rebasing: bytes[target]), as: UTF8.self)
        return EntryLink(target: .title(title), label: label, range: range)
    }

    /// Where the target of the text between the brackets ends: its first `|`, or its end.
    @inline(__always)
    private static func bar(_ bytes: UnsafeBufferPointer<UInt8>, inner: Range<Int>) -> Int {
        var bar = inner.lowerBound
        while bar < inner.upperBound && bytes[bar] != .bar { bar += 1 }
        return bar
    }

    /// The target of the text between the brackets, trimmed (empty when it names nothing).
    @inline(__always)
    private static func target(_ bytes: UnsafeBufferPointer<UInt8>, inner: Range<Int>) -> Range<Int> {
        trimmed(bytes, inner.lowerBound..<bar(bytes, inner: inner))
    }

    /// The id of `#42`: a `#` and 1 to 18 digits, not all zeros (ids start at 1).
    private static func id(_ bytes: UnsafeBufferPointer<UInt8>, _ target: Range<Int>) -> Int64? {
        guard target.count >= 2, target.count <= 19, bytes[target.lowerBound] == .hash else { return nil }
        var value: Int64 = 0
        for index in (target.lowerBound + 1)..<target.upperBound {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value > 0 ? value : nil
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && (bytes[lower] == .space || bytes[lower] == .tab) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == .space || bytes[upper - 1] == .tab) { upper -= 1 }
        return lower..<upper
    }
}

extension UInt8 {
    fileprivate static let leftBracket = UInt8(ascii: "[")
    fileprivate static let rightBracket = UInt8(ascii: "]")
    fileprivate static let backtick = UInt8(ascii: "`")
    fileprivate static let tilde = UInt8(ascii: "~")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let bar = UInt8(ascii: "|")
}
