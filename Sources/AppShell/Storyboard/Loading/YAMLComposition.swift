import Yams

/// Composes YAML text into Yams nodes with the tags Yams's `Resolver.default` gives, without making
/// that resolver: its rules are `NSRegularExpression`s, and the first one made in a process sets up
/// ICU's regular expressions, about a millisecond of every start that reads a storyboard, a keys file
/// or a layout. Here the text is composed with no rules (`Resolver.basic`), and each plain scalar
/// then gets the tag the default rules would give, from ``defaultTagName(ofPlain:)``: the same rules
/// in plain Swift, checked against Yams's own resolver by a differential test.
///
/// Mapping keys keep the tag Yams gave them while composing (text: `Resolver.basic` resolves them to
/// find duplicate keys): the readers take a key's text and place only, never its tag. When composing
/// finds a duplicate key, the text is composed again with `Resolver.default`, so that what is and is
/// not a duplicate (`1` and `"1"` are two keys there) and the error are Yams's, as before.
enum YAMLComposition {
    /// The root node of `text` (nil when it holds no document), or the error Yams throws for it.
    static func compose(_ text: String) throws -> Node? {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text, Resolver.basic, Constructor.default, .utf8)
        } catch YamlError.duplicatedKeysInMapping {
            return try Yams.compose(yaml: text, Resolver.default, Constructor.default, .utf8)
        }
        return root.map(resolvingTags)
    }

    /// `node` with each scalar that has no tag yet (a plain scalar) given the default rules' tag.
    private static func resolvingTags(_ node: Node) -> Node {
        switch node {
        case .scalar(var scalar):
            guard scalar.tag.rawValue == Tag.Name.implicit.rawValue else { return node }
            scalar.tag = Tag(defaultTagName(ofPlain: scalar.string), Resolver.basic, Constructor.default)
            return .scalar(scalar)
        case .mapping(var mapping):
            for index in mapping.indices {
                let (key, value) = mapping[index]
                mapping[index] = (resolvingTags(key), resolvingTags(value))
            }
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices {
                sequence[index] = resolvingTags(sequence[index])
            }
            return .sequence(sequence)
        case .alias:
            return node
        }
    }

    /// The tag `Resolver.default` gives a plain scalar written `text`: its rules (bool, int, float,
    /// merge, null, timestamp, value) tried in that order, else text. Each rule is a pattern
    /// `^(?:…)$`, whose `$` also matches before one line break that ends the text.
    static func defaultTagName(ofPlain text: String) -> Tag.Name {
        let whole = Array(text.unicodeScalars.map(\.value))
        var candidates = [whole[...]]
        if whole.count >= 2, whole[whole.count - 2] == 0x0D, whole[whole.count - 1] == 0x0A {
            candidates.append(whole.dropLast(2))
        } else if let last = whole.last, lineBreaks.contains(last) {
            candidates.append(whole.dropLast())
        }
        let rules: [(Tag.Name, (ArraySlice<UInt32>) -> Bool)] = [
            (.bool, isBool), (.int, isInt), (.float, isFloat), (.merge, { equals($0, "<<") }),
            (.null, isNull), (.timestamp, isTimestamp), (.value, { equals($0, "=") }),
        ]
        for (name, matches) in rules where candidates.contains(where: matches) {
            return name
        }
        return .str
    }

    /// What ICU's `$` takes as the end of a line: LF, VT, FF, CR, NEL, LS, PS (and CR LF).
    private static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    private static func equals(_ text: ArraySlice<UInt32>, _ word: String) -> Bool {
        text.elementsEqual(word.unicodeScalars.map(\.value))
    }

    private static let bools = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
        "off", "Off", "OFF",
    ]

    private static func isBool(_ text: ArraySlice<UInt32>) -> Bool {
        bools.contains { equals(text, $0) }
    }

    private static func isNull(_ text: ArraySlice<UInt32>) -> Bool {
        text.isEmpty || ["~", "null", "Null", "NULL"].contains { equals(text, $0) }
    }

    /// `[-+]?(?:0b[0-1_]+|0o?[0-7_]+|(?:0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)`
    private static func isInt(_ text: ArraySlice<UInt32>) -> Bool {
        var scan = Scan(text)
        scan.skip(where: isSign, atMost: 1)
        let body = scan.rest
        if scan.take("0b"), scan.skip(where: { $0 == c("0") || $0 == c("1") || $0 == c("_") }) > 0, scan.atEnd {
            return true
        }
        scan = Scan(body)
        if scan.take("0") {
            _ = scan.take("o")
            if scan.skip(where: { isDigit($0, upTo: "7") || $0 == c("_") }) > 0, scan.atEnd { return true }
        }
        scan = Scan(body)
        if scan.take("0"), scan.atEnd { return true }
        scan = Scan(body)
        if scan.take("0x"), scan.skip(where: { isHexDigit($0) || $0 == c("_") }) > 0, scan.atEnd { return true }
        scan = Scan(body)
        if scan.skip(where: { isDigit($0, from: "1") }, atMost: 1) == 1 {
            scan.skip(where: { isDigit($0) || $0 == c("_") })
            if scan.atEnd { return true }
            if scan.sexagesimalGroups() > 0, scan.atEnd { return true }
        }
        return false
    }

    /// `[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?` or `\.[0-9_]+(?:[eE][-+][0-9]+)?` or
    /// `[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*` or `[-+]?\.(?:inf|Inf|INF)` or `\.(?:nan|NaN|NAN)`.
    private static func isFloat(_ text: ArraySlice<UInt32>) -> Bool {
        var scan = Scan(text)
        let signed = scan.skip(where: isSign, atMost: 1) == 1
        let body = scan.rest
        // [0-9][0-9_]* (\.[0-9_]*)? ([eE][-+]?[0-9]+)?
        if scan.skip(where: { isDigit($0) }, atMost: 1) == 1 {
            scan.skip(where: { isDigit($0) || $0 == c("_") })
            if scan.take(".") { scan.skip(where: { isDigit($0) || $0 == c("_") }) }
            if scan.skip(where: { $0 == c("e") || $0 == c("E") }, atMost: 1) == 1 {
                scan.skip(where: isSign, atMost: 1)
                if scan.skip(where: { isDigit($0) }) > 0, scan.atEnd { return true }
            } else if scan.atEnd {
                return true
            }
        }
        // [0-9][0-9_]* (:[0-5]?[0-9])+ \.[0-9_]*
        scan = Scan(body)
        if scan.skip(where: { isDigit($0) }, atMost: 1) == 1 {
            scan.skip(where: { isDigit($0) || $0 == c("_") })
            if scan.sexagesimalGroups() > 0, scan.take(".") {
                scan.skip(where: { isDigit($0) || $0 == c("_") })
                if scan.atEnd { return true }
            }
        }
        // \.(inf|Inf|INF)
        scan = Scan(body)
        if scan.take("."), ["inf", "Inf", "INF"].contains(where: { equals(scan.rest, $0) }) { return true }
        guard !signed else { return false }
        // \.[0-9_]+ ([eE][-+][0-9]+)?
        scan = Scan(text)
        if scan.take("."), scan.skip(where: { isDigit($0) || $0 == c("_") }) > 0 {
            if scan.atEnd { return true }
            if scan.skip(where: { $0 == c("e") || $0 == c("E") }, atMost: 1) == 1,
                scan.skip(where: isSign, atMost: 1) == 1, scan.skip(where: { isDigit($0) }) > 0, scan.atEnd
            {
                return true
            }
        }
        // \.(nan|NaN|NAN)
        scan = Scan(text)
        return scan.take(".") && ["nan", "NaN", "NAN"].contains(where: { equals(scan.rest, $0) })
    }

    /// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or `[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}` then `[Tt]` or `[ \t]+`, then
    /// `[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?`.
    private static func isTimestamp(_ text: ArraySlice<UInt32>) -> Bool {
        var scan = Scan(text)
        guard scan.digits(4...4), scan.take("-") else { return false }
        let afterYear = scan.rest
        if scan.digits(2...2), scan.take("-"), scan.digits(2...2), scan.atEnd { return true }
        scan = Scan(afterYear)
        guard scan.digits(1...2), scan.take("-"), scan.digits(1...2) else { return false }
        let isBlank = { (value: UInt32) in value == 0x20 || value == 0x09 }
        if scan.skip(where: { $0 == c("T") || $0 == c("t") }, atMost: 1) == 0, scan.skip(where: isBlank) == 0 {
            return false
        }
        guard scan.digits(1...2), scan.take(":"), scan.digits(2...2), scan.take(":"), scan.digits(2...2) else {
            return false
        }
        if scan.take(".") { scan.skip(where: { isDigit($0) }) }
        if scan.atEnd { return true }
        scan.skip(where: isBlank)
        if scan.take("Z") { return scan.atEnd }
        guard scan.skip(where: isSign, atMost: 1) == 1, scan.digits(1...2) else { return false }
        if scan.atEnd { return true }
        return scan.take(":") && scan.digits(2...2) && scan.atEnd
    }

    private static func c(_ character: Unicode.Scalar) -> UInt32 { character.value }
    private static func isSign(_ value: UInt32) -> Bool { value == c("+") || value == c("-") }
    private static func isDigit(
        _ value: UInt32, from low: Unicode.Scalar = "0", upTo high: Unicode.Scalar = "9"
    )
        -> Bool
    {
        (low.value...high.value).contains(value)
    }
    private static func isHexDigit(_ value: UInt32) -> Bool {
        isDigit(value) || (c("a")...c("f")).contains(value) || (c("A")...c("F")).contains(value)
    }

    /// A cursor over a scalar's characters (their Unicode scalar values).
    private struct Scan {
        private(set) var rest: ArraySlice<UInt32>

        init(_ text: ArraySlice<UInt32>) { rest = text }

        var atEnd: Bool { rest.isEmpty }

        /// Takes `word` when the rest starts with it.
        mutating func take(_ word: String) -> Bool {
            let values = word.unicodeScalars.map(\.value)
            guard rest.starts(with: values) else { return false }
            rest = rest.dropFirst(values.count)
            return true
        }

        /// Takes up to `limit` characters that match `predicate`; returns how many.
        @discardableResult
        mutating func skip(where predicate: (UInt32) -> Bool, atMost limit: Int = .max) -> Int {
            var count = 0
            while count < limit, let first = rest.first, predicate(first) {
                rest = rest.dropFirst()
                count += 1
            }
            return count
        }

        /// Takes a run of `count` decimal digits (as many as there are, up to its upper bound).
        mutating func digits(_ count: ClosedRange<Int>) -> Bool {
            count.contains(skip(where: { (0x30...0x39).contains($0) }, atMost: count.upperBound))
        }

        /// Takes `(?::[0-5]?[0-9])+` as far as it goes; returns how many groups. A group's digits
        /// run to the next `:` or `.` (or the end), so a run of one or two is the only way to match.
        mutating func sexagesimalGroups() -> Int {
            var groups = 0
            while rest.first == 0x3A {
                var after = rest.dropFirst()
                let run = after.prefix { (0x30...0x39).contains($0) }
                guard run.count == 1 || (run.count == 2 && (0x30...0x35).contains(run[run.startIndex])) else {
                    break
                }
                after = after.dropFirst(run.count)
                rest = after
                groups += 1
            }
            return groups
        }
    }
}
