/// A run of inline text and what it is: emphasis, strong, code, a link's text, a link's address.
public struct MarkdownRun: Hashable, Sendable {
    /// The run's characters, with the Markdown markup already removed.
    public var text: String
    /// What the run is (strong, code, a link…); empty for plain text.
    public var kind: MarkdownInlineKind

    /// Creates a run of `text` of `kind` (plain text by default).
    public init(_ text: String, _ kind: MarkdownInlineKind = []) {
        self.text = text
        self.kind = kind
    }
}

/// What a run of inline text is; several at once (`**[a](b)**` is strong and a link).
public struct MarkdownInlineKind: OptionSet, Hashable, Sendable {
    /// The kinds as bits, one per static member below.
    public let rawValue: UInt8
    /// The kinds whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Text in `*single*` or `_single_` delimiters, shown in italics.
    public static let emphasis = MarkdownInlineKind(rawValue: 1 << 0)
    /// Text in `**double**` or `__double__` delimiters, shown bold.
    public static let strong = MarkdownInlineKind(rawValue: 1 << 1)
    /// A code span in backticks, shown in the code style and never parsed further.
    public static let code = MarkdownInlineKind(rawValue: 1 << 2)
    /// The text of a link, an image or an autolink.
    public static let link = MarkdownInlineKind(rawValue: 1 << 3)
    /// The address shown after a link's text.
    public static let address = MarkdownInlineKind(rawValue: 1 << 4)
}

/// Parses inline Markdown (CommonMark's inline rules, simplified): backslash escapes, code spans,
/// `*`/`_` emphasis and strong by the delimiter-run algorithm (flanking rules, rule of three), inline
/// links and images (shown as their text followed by the address), autolinks, a few entities, hard
/// line breaks (two trailing spaces or a backslash; returned as "\n") and soft ones (a space, or with
/// `keepingLineBreaks` a line break as GitHub comments and Obsidian show them: journal text is often
/// written line by line).
/// Raw HTML is kept as text. Work is linear in the text: every search forward is bounded or remembered.
public enum MarkdownInlineParser {
    /// Parses one block's inline text into runs in reading order; `keepingLineBreaks` keeps each line break as "\n".
    public static func parse(_ text: String, keepingLineBreaks: Bool = false) -> [MarkdownRun] {
        var parser = Scanner(Array(text))
        parser.keepsLineBreaks = keepingLineBreaks
        parser.scan()
        return parser.runs()
    }

    /// One piece of the text being parsed: literal text, or a run of `*`/`_` that may become emphasis.
    private struct Node {
        var text: String
        var kind: MarkdownInlineKind
        var delimiter: Character?
        var count = 0
        var originalCount = 0
        var canOpen = false
        var canClose = false
    }

    private struct Scanner {
        let characters: [Character]
        var nodes: [Node] = []
        var pending = ""
        /// Lengths of backtick runs known to have no closing run after a position.
        var noCloserAfter: [Int: Int] = [:]
        /// How far a link's text may reach for its `]`: keeps unmatched `[`s from making the scan quadratic.
        let linkTextLimit = 2_000
        var keepsLineBreaks = false
        /// False inside a link's text: links do not nest (CommonMark), and a text parsed again per
        /// level of `[[[…](a)](b)…` would make the scan quadratic.
        var allowsLinks = true

        init(_ characters: [Character]) {
            self.characters = characters
        }

        mutating func scan() {
            var index = 0
            while index < characters.count {
                let character = characters[index]
                switch character {
                case "\\": index = escape(at: index)
                case "`": index = codeSpan(at: index)
                case "*", "_": index = delimiterRun(at: index)
                case "[" where allowsLinks: index = link(at: index, isImage: false)
                case "!" where allowsLinks && index + 1 < characters.count && characters[index + 1] == "[":
                    index = link(at: index + 1, isImage: true)
                case "<": index = autolink(at: index)
                case "&": index = entity(at: index)
                case "\n": index = lineBreak(at: index)
                default:
                    pending.append(character)
                    index += 1
                }
            }
            while pending.last == " " || pending.last == "\t" { pending.removeLast() }
            flush()
            processEmphasis()
        }

        func runs() -> [MarkdownRun] {
            var runs: [MarkdownRun] = []
            for node in nodes {
                let text = node.delimiter.map { String(repeating: $0, count: node.count) } ?? node.text
                guard !text.isEmpty else { continue }
                if let last = runs.last, last.kind == node.kind {
                    runs[runs.count - 1].text += text
                } else {
                    runs.append(MarkdownRun(text, node.kind))
                }
            }
            return runs
        }

        private mutating func flush() {
            guard !pending.isEmpty else { return }
            nodes.append(Node(text: pending, kind: []))
            pending = ""
        }

        private mutating func append(_ text: String, _ kind: MarkdownInlineKind) {
            flush()
            nodes.append(Node(text: text, kind: kind))
        }

        private mutating func escape(at index: Int) -> Int {
            guard index + 1 < characters.count else {
                pending.append("\\")
                return index + 1
            }
            let next = characters[index + 1]
            if next == "\n" {
                hardBreak()
                return index + 2
            }
            if next.isASCII, next.isPunctuation || next.isSymbol {
                pending.append(next)
                return index + 2
            }
            pending.append("\\")
            return index + 1
        }

        private mutating func hardBreak() {
            while pending.last == " " { pending.removeLast() }
            pending.append("\n")
        }

        private mutating func lineBreak(at index: Int) -> Int {
            if pending.hasSuffix("  ") || keepsLineBreaks {
                hardBreak()
            } else {
                while pending.last == " " { pending.removeLast() }
                pending.append(" ")
            }
            var next = index + 1
            while next < characters.count, characters[next] == " " { next += 1 }
            return next
        }

        private func runLength(at index: Int, of character: Character) -> Int {
            var end = index
            while end < characters.count, characters[end] == character { end += 1 }
            return end - index
        }

        private mutating func codeSpan(at index: Int) -> Int {
            let length = runLength(at: index, of: "`")
            let contentStart = index + length
            if let after = noCloserAfter[length], after <= index {
                pending.append(String(repeating: "`", count: length))
                return contentStart
            }
            var search = contentStart
            while search < characters.count {
                if characters[search] == "`" {
                    let closing = runLength(at: search, of: "`")
                    if closing == length {
                        var content = String(characters[contentStart..<search]).replacingOccurrences(
                            of: "\n", with: " ")
                        if content.count >= 2, content.first == " ", content.last == " ",
                            !content.allSatisfy({ $0 == " " })
                        {
                            content = String(content.dropFirst().dropLast())
                        }
                        append(content, .code)
                        return search + closing
                    }
                    search += closing
                } else {
                    search += 1
                }
            }
            noCloserAfter[length] = index
            pending.append(String(repeating: "`", count: length))
            return contentStart
        }

        private static func isWhitespace(_ character: Character?) -> Bool {
            guard let character else { return true }
            return character.isWhitespace
        }

        private static func isPunctuation(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isPunctuation || character.isSymbol
        }

        private mutating func delimiterRun(at index: Int) -> Int {
            let character = characters[index]
            let length = runLength(at: index, of: character)
            let before: Character? = index > 0 ? characters[index - 1] : nil
            let after: Character? = index + length < characters.count ? characters[index + length] : nil
            let leftFlanking =
                !Self.isWhitespace(after)
                && (!Self.isPunctuation(after) || Self.isWhitespace(before) || Self.isPunctuation(before))
            let rightFlanking =
                !Self.isWhitespace(before)
                && (!Self.isPunctuation(before) || Self.isWhitespace(after) || Self.isPunctuation(after))
            var node = Node(text: "", kind: [], delimiter: character, count: length, originalCount: length)
            if character == "*" {
                node.canOpen = leftFlanking
                node.canClose = rightFlanking
            } else {
                node.canOpen = leftFlanking && (!rightFlanking || Self.isPunctuation(before))
                node.canClose = rightFlanking && (!leftFlanking || Self.isPunctuation(after))
            }
            flush()
            nodes.append(node)
            return index + length
        }

        /// `[text](destination "title")` or `![alt](source)`: the text (parsed for emphasis on its own)
        /// then the address; anything else leaves the `[` as text.
        private mutating func link(at open: Int, isImage: Bool) -> Int {
            let start = isImage ? open - 1 : open
            guard let close = matchingBracket(from: open), close + 1 < characters.count, characters[close + 1] == "(",
                let (destination, end) = destination(from: close + 2)
            else {
                pending.append(contentsOf: String(characters[start...open]))
                return open + 1
            }
            let label = String(characters[(open + 1)..<close])
            var inner = Scanner(Array(label))
            inner.keepsLineBreaks = keepsLineBreaks
            inner.allowsLinks = false
            inner.scan()
            flush()
            var shown = ""
            for run in inner.runs() {
                nodes.append(Node(text: run.text, kind: run.kind.union(.link)))
                shown += run.text
            }
            if shown.isEmpty, !destination.isEmpty {
                nodes.append(Node(text: destination, kind: .link))
            } else if !destination.isEmpty, shown != destination {
                nodes.append(Node(text: " (\(destination))", kind: .address))
            }
            return end
        }

        private func matchingBracket(from open: Int) -> Int? {
            var depth = 0
            var index = open
            let limit = min(characters.count, open + linkTextLimit)
            while index < limit {
                switch characters[index] {
                case "\\": index += 1
                case "[": depth += 1
                case "]":
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
                index += 1
            }
            return nil
        }

        /// The destination of an inline link (after its `(`), its optional title skipped; returns the
        /// destination and the index after the closing `)`.
        private func destination(from start: Int) -> (String, Int)? {
            var index = start
            let limit = min(characters.count, start + linkTextLimit)
            func skipSpaces() {
                while index < limit, characters[index] == " " || characters[index] == "\n" { index += 1 }
            }
            skipSpaces()
            var destination = ""
            if index < limit, characters[index] == "<" {
                index += 1
                while index < limit, characters[index] != ">" {
                    if characters[index] == "\n" || characters[index] == "<" { return nil }
                    destination.append(characters[index])
                    index += 1
                }
                guard index < limit else { return nil }
                index += 1
            } else {
                var depth = 0
                while index < limit {
                    let character = characters[index]
                    if character == " " || character == "\n" || (character.asciiValue ?? 0x20) < 0x20 { break }
                    if character == "\\", index + 1 < limit,
                        characters[index + 1].isPunctuation || characters[index + 1].isSymbol
                    {
                        destination.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    if character == "(" { depth += 1 }
                    if character == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    destination.append(character)
                    index += 1
                }
            }
            skipSpaces()
            if index < limit, let closer = Self.titleClosers[characters[index]] {
                index += 1
                while index < limit, characters[index] != closer {
                    if characters[index] == "\\" { index += 1 }
                    index += 1
                }
                guard index < limit else { return nil }
                index += 1
                skipSpaces()
            }
            guard index < limit, characters[index] == ")" else { return nil }
            return (destination, index + 1)
        }

        /// `<https://example.com>` or `<someone@example.com>`: shown as the address, as a link.
        private mutating func autolink(at index: Int) -> Int {
            var end = index + 1
            let limit = min(characters.count, index + linkTextLimit)
            while end < limit, characters[end] != ">", characters[end] != "<", characters[end] != " ",
                characters[end] != "\n"
            { end += 1 }
            guard end < limit, characters[end] == ">" else {
                pending.append("<")
                return index + 1
            }
            let inside = String(characters[(index + 1)..<end])
            let isURI: Bool = {
                guard let colon = inside.firstIndex(of: ":") else { return false }
                let scheme = inside[..<colon]
                return (2...32).contains(scheme.count) && scheme.first?.isLetter == true
                    && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
            }()
            let isEmail = !isURI && inside.contains("@") && !inside.hasPrefix("@") && !inside.hasSuffix("@")
            guard isURI || isEmail else {
                pending.append("<")
                return index + 1
            }
            append(inside, .link)
            return end + 1
        }

        private static let titleClosers: [Character: Character] = ["\"": "\"", "'": "'", "(": ")"]

        private static let entities: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©",
            "mdash": "—", "ndash": "–", "hellip": "…", "laquo": "«", "raquo": "»", "euro": "€",
        ]

        /// `&amp;`, `&#233;`, `&#xE9;` and a few named entities; anything else stays as written.
        private mutating func entity(at index: Int) -> Int {
            var end = index + 1
            while end < characters.count, end - index <= 32, characters[end] != ";" {
                guard characters[end].isASCII,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "#"
                else { break }
                end += 1
            }
            guard end < characters.count, characters[end] == ";" else {
                pending.append("&")
                return index + 1
            }
            let name = String(characters[(index + 1)..<end])
            var value: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                value = Self.entities[name]
            }
            guard let value, value != "\u{0}" else {
                pending.append("&")
                return index + 1
            }
            pending.append(value)
            return end + 1
        }

        /// CommonMark's "process emphasis": each closer looks back for the nearest opener of its
        /// character; the text between becomes emphasis (one each) or strong (two each).
        ///
        /// Linear in the nodes, as CommonMark's reference implementation: the delimiters still open
        /// are a linked list, and those between a matched pair leave it at once (so no search passes
        /// them again); the kinds are recorded as intervals and applied in one sweep at the end, not
        /// node by node for each pair (nested pairs made both quadratic: 280 KB took 37 s).
        private mutating func processEmphasis() {
            let delimiters = nodes.indices.filter { nodes[$0].delimiter != nil }
            guard !delimiters.isEmpty else { return }
            // The list of delimiters still on the stack, by position in `delimiters`.
            var previous = Array(-1..<(delimiters.count - 1))
            var next = Array(1...delimiters.count)
            next[delimiters.count - 1] = -1
            func unlink(_ position: Int) {
                if previous[position] >= 0 { next[previous[position]] = next[position] }
                if next[position] >= 0 { previous[next[position]] = previous[position] }
            }
            var emphasisDelta = [Int](repeating: 0, count: nodes.count + 1)
            var strongDelta = [Int](repeating: 0, count: nodes.count + 1)
            /// Per character, closer kind and length mod 3: where searching back stopped finding openers.
            var openersBottom: [String: Int] = [:]
            var closer = 0
            while closer >= 0 {
                let node = nodes[delimiters[closer]]
                guard let character = node.delimiter, node.canClose, node.count > 0 else {
                    closer = next[closer]
                    continue
                }
                let key = "\(character)\(node.canOpen)\(node.originalCount % 3)"
                let bottom = openersBottom[key] ?? -1
                var opener = previous[closer]
                var found: Int?
                while opener >= 0, opener > bottom {
                    let candidate = nodes[delimiters[opener]]
                    if candidate.delimiter == character, candidate.canOpen, candidate.count > 0 {
                        let oddMatch =
                            (candidate.canClose || node.canOpen)
                            && (candidate.originalCount + node.originalCount) % 3 == 0
                            && !(candidate.originalCount % 3 == 0 && node.originalCount % 3 == 0)
                        if !oddMatch {
                            found = opener
                            break
                        }
                    }
                    opener = previous[opener]
                }
                guard let opener = found else {
                    openersBottom[key] = previous[closer]
                    let following = next[closer]
                    if !node.canOpen { unlink(closer) }
                    closer = following
                    continue
                }
                let openerNode = delimiters[opener], closerNode = delimiters[closer]
                let used = nodes[openerNode].count >= 2 && node.count >= 2 ? 2 : 1
                if used == 2 {
                    strongDelta[openerNode + 1] += 1
                    strongDelta[closerNode] -= 1
                } else {
                    emphasisDelta[openerNode + 1] += 1
                    emphasisDelta[closerNode] -= 1
                }
                // The delimiters between can no longer open or close anything.
                var between = next[opener]
                while between >= 0, between != closer {
                    let following = next[between]
                    unlink(between)
                    between = following
                }
                nodes[openerNode].count -= used
                nodes[closerNode].count -= used
                if nodes[openerNode].count == 0 { unlink(opener) }
                if nodes[closerNode].count == 0 {
                    let following = next[closer]
                    unlink(closer)
                    closer = following
                }
            }
            var emphasis = 0, strong = 0
            for index in nodes.indices {
                emphasis += emphasisDelta[index]
                strong += strongDelta[index]
                if emphasis > 0 { nodes[index].kind.insert(.emphasis) }
                if strong > 0 { nodes[index].kind.insert(.strong) }
            }
        }
    }
}
