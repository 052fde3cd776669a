/// The escape sequences terminals send for keys, and the control bytes: which key each one is.
///
/// Covers CSI (`ESC [`) and SS3 (`ESC O`) forms as xterm, rxvt/urxvt, the Linux console, tmux/screen and
/// VTE send them, xterm's modifier parameter (`ESC [1;5A`), rxvt's modifier finals (`$ ^ @`, lowercase
/// arrows), `modifyOtherKeys` (`ESC [27;5;97~`) and the `CSI u` form. Key has no Ctrl or Shift for
/// non-letters, so Alt, Ctrl and Meta on such keys all map to `.alt(key)` (the usual "word" motions),
/// and Shift alone is dropped (Shift-Tab is `.backTab`).
enum EscapeSequences {
    enum Parse: Equatable {
        case key(Key, next: Int)
        case pasteStart(next: Int)
        /// An unknown or malformed sequence, dropped up to `next`.
        case ignored(next: Int)
        /// A valid start that needs more bytes.
        case incomplete
    }

    /// Sequences longer than this are garbage: dropped instead of waited on.
    static let maximumLength = 32

    /// Parses the escape sequence (or Alt-key) starting with the ESC at `start`.
    static func parse(_ input: [UInt8], at start: Int) -> Parse {
        let count = input.count
        guard start + 1 < count else { return .incomplete }
        let second = input[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return parseCSI(input, at: start)
        case UInt8(ascii: "O"):
            return parseSS3(input, at: start)
        case 0x1B:
            // ESC ESC [ … is Alt with a sequence key (rxvt); ESC ESC otherwise is Esc, then the rest.
            guard start + 2 < count else { return .incomplete }
            let third = input[start + 2]
            guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else {
                return .key(.escape, next: start + 1)
            }
            switch parse(input, at: start + 1) {
            case .key(let key, let next): return .key(.alt(key), next: next)
            case let other: return other
            }
        case 0x00..<0x20, 0x7F:
            return .key(.alt(controlKey(second)), next: start + 2)
        case 0x20..<0x80:
            return .key(.alt(.character(Character(Unicode.Scalar(second)))), next: start + 2)
        default:
            switch UTF8Scalar.decode(input, at: start + 1) {
            case .scalar(let scalar, let end):
                if (0x80...0x9F).contains(scalar.value) { return .ignored(next: end) }
                return .key(.alt(.character(Character(scalar))), next: end)
            case .incomplete:
                return .incomplete
            case .invalid:
                return .key(.escape, next: start + 1)
            }
        }
    }

    /// What an incomplete sequence means once no more input came: a lone ESC is Esc, `ESC [` and `ESC O`
    /// are Alt-`[` and Alt-`O`, a cut-off CSI is dropped.
    static func fallback(_ input: [UInt8], at start: Int) -> (Key?, next: Int) {
        let count = input.count
        guard start + 1 < count else { return (.escape, start + 1) }
        let second = input[start + 1]
        if start + 2 == count && (second == UInt8(ascii: "[") || second == UInt8(ascii: "O")) {
            return (.alt(.character(Character(Unicode.Scalar(second)))), count)
        }
        if second == UInt8(ascii: "[") || second == UInt8(ascii: "O") { return (nil, count) }
        return (.escape, start + 1)
    }

    /// The key for a C0 control byte or DEL.
    static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x00: return .control("@")
        case 0x08, 0x7F: return .backspace
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x1B: return .escape
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1C: return .control("\\")
        case 0x1D: return .control("]")
        case 0x1E: return .control("^")
        case 0x1F: return .control("_")
        default: return .character(Character(Unicode.Scalar(byte)))
        }
    }

    // MARK: - CSI

    private static func parseCSI(_ input: [UInt8], at start: Int) -> Parse {
        let count = input.count
        var index = start + 2
        guard index < count else { return .incomplete }
        if input[index] == UInt8(ascii: "[") {
            // Linux console: ESC [ [ A … ESC [ [ E are F1–F5.
            guard index + 1 < count else { return .incomplete }
            let letter = input[index + 1]
            if letter >= UInt8(ascii: "A") && letter <= UInt8(ascii: "E") {
                return .key(.function(Int(letter - UInt8(ascii: "A")) + 1), next: index + 2)
            }
            return .ignored(next: index + 2)
        }
        let parametersStart = index
        while index < count {
            let byte = input[index]
            if byte == UInt8(ascii: "$") || (byte >= 0x40 && byte <= 0x7E) { break }  // final ($: rxvt Shift)
            guard byte >= 0x20 && byte <= 0x3F else { return .ignored(next: index) }  // malformed
            index += 1
            if index - start > maximumLength { return .ignored(next: index) }
        }
        guard index < count else { return .incomplete }
        let final = input[index]
        let parameters = input[parametersStart..<index]
        if final == UInt8(ascii: "~") && parameters.elementsEqual([0x32, 0x30, 0x30]) {  // 200~
            return .pasteStart(next: index + 1)
        }
        if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            // SGR mouse report: ESC [ < button ; column ; row M (press) or m (release).
            let numbers = NumericParameters(parameters.dropFirst())
            guard
                let event = MouseEvent.sgr(
                    button: numbers.first, column: numbers.second, row: numbers.third,
                    released: final == UInt8(ascii: "m"))
            else { return .ignored(next: index + 1) }
            return .key(.mouse(event), next: index + 1)
        }
        guard let key = csiKey(parameters: parameters, final: final) else { return .ignored(next: index + 1) }
        return .key(key, next: index + 1)
    }

    static func csiKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
        if let first = parameters.first, first >= 0x3C && first <= 0x3F { return nil }  // private: < = > ?
        let numbers = NumericParameters(parameters)
        let first = numbers.first
        let modifier = numbers.second
        switch final {
        case UInt8(ascii: "~"):
            if first == 27, let code = numbers.third { return codepointKey(code, modifier: modifier) }
            return tildeKey(first ?? 0).map { modified($0, by: modifier) }
        case UInt8(ascii: "$"):
            return tildeKey(first ?? 0)
        case UInt8(ascii: "^"), UInt8(ascii: "@"):
            return tildeKey(first ?? 0).map { .alt($0) }
        case UInt8(ascii: "A"): return modified(.up, by: modifier)
        case UInt8(ascii: "B"): return modified(.down, by: modifier)
        case UInt8(ascii: "C"): return modified(.right, by: modifier)
        case UInt8(ascii: "D"): return modified(.left, by: modifier)
        case UInt8(ascii: "H"): return modified(.home, by: modifier)
        case UInt8(ascii: "F"): return modified(.end, by: modifier)
        case UInt8(ascii: "P"): return modified(.function(1), by: modifier)
        case UInt8(ascii: "Q"): return modified(.function(2), by: modifier)
        case UInt8(ascii: "R"): return modified(.function(3), by: modifier)
        case UInt8(ascii: "S"): return modified(.function(4), by: modifier)
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "a"): return .up  // rxvt Shift-arrows
        case UInt8(ascii: "b"): return .down
        case UInt8(ascii: "c"): return .right
        case UInt8(ascii: "d"): return .left
        case UInt8(ascii: "u"): return first.flatMap { codepointKey($0, modifier: modifier) }
        default: return nil
        }
    }

    /// `ESC [ n ~` keys (xterm, VT220, rxvt, Linux console).
    private static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23, 24: return .function(code - 12)
        default: return nil
        }
    }

    /// A key given by its code point (`CSI u`, `modifyOtherKeys`), with Ctrl on letters as `.control`.
    private static func codepointKey(_ code: Int, modifier: Int?) -> Key? {
        let bits = max(0, (modifier ?? 1) - 1)
        var key: Key
        switch code {
        case 13: key = .enter
        case 9: key = bits & 1 != 0 ? .backTab : .tab
        case 27: key = .escape
        case 8, 127: key = .backspace
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)), !(0x7F...0x9F).contains(code) else {
                return nil
            }
            let character = Character(scalar)
            if bits & 4 != 0, character.isASCII, character.isLetter {
                key = .control(Character(character.lowercased()))
            } else if bits & 1 != 0, character.isLowercase {
                key = .character(Character(character.uppercased()))
            } else {
                key = .character(character)
            }
        }
        return bits & (2 | 8) != 0 ? .alt(key) : key
    }

    /// Applies xterm's modifier parameter (1 + Shift 1, Alt 2, Ctrl 4, Meta 8): any of Alt, Ctrl or Meta
    /// gives `.alt(key)`; Shift alone leaves the key as is.
    private static func modified(_ key: Key, by modifier: Int?) -> Key {
        guard let modifier, modifier > 1 else { return key }
        return (modifier - 1) & (2 | 4 | 8) != 0 ? .alt(key) : key
    }

    /// The first three semicolon-separated decimal parameters (empty ones nil, sub-parameters after `:`
    /// ignored): all any key sequence uses, parsed without allocating.
    struct NumericParameters {
        var first: Int?
        var second: Int?
        var third: Int?

        init(_ bytes: ArraySlice<UInt8>) {
            var index = 0
            var current: Int?
            var inSubParameter = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if !inSubParameter { current = min(100_000, (current ?? 0) * 10 + Int(byte - 48)) }
                case UInt8(ascii: ";"):
                    store(current, at: index)
                    index += 1
                    current = nil
                    inSubParameter = false
                case UInt8(ascii: ":"):
                    inSubParameter = true
                default:
                    break
                }
            }
            store(current, at: index)
        }

        private mutating func store(_ value: Int?, at index: Int) {
            switch index {
            case 0: first = value
            case 1: second = value
            case 2: third = value
            default: break
            }
        }
    }

    // MARK: - SS3

    private static func parseSS3(_ input: [UInt8], at start: Int) -> Parse {
        let count = input.count
        var index = start + 2
        guard index < count else { return .incomplete }
        var modifier: Int?
        while index < count, input[index] >= UInt8(ascii: "0") && input[index] <= UInt8(ascii: "9") {
            modifier = min(100, (modifier ?? 0) * 10 + Int(input[index] - 48))
            index += 1
            // Cut at a fixed length from the ESC, as CSI is: where a read ended must not decide where
            // an overlong sequence is cut (or whether it is one), else the keys depend on the split.
            if index - start > maximumLength { return .ignored(next: index) }
        }
        guard index < count else { return .incomplete }
        let final = input[index]
        guard final >= 0x20 && final <= 0x7E else {
            // ESC O then a control: it was Alt-O.
            return modifier == nil ? .key(.alt(.character("O")), next: start + 2) : .ignored(next: index)
        }
        guard let key = ss3Key(final) else { return .ignored(next: index + 1) }
        return .key(modified(key, by: modifier), next: index + 1)
    }

    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "I"): return .tab
        case UInt8(ascii: " "): return .character(" ")
        case UInt8(ascii: "a"): return .alt(.up)  // rxvt Ctrl-arrows
        case UInt8(ascii: "b"): return .alt(.down)
        case UInt8(ascii: "c"): return .alt(.right)
        case UInt8(ascii: "d"): return .alt(.left)
        case UInt8(ascii: "j"): return .character("*")  // keypad in application mode
        case UInt8(ascii: "k"): return .character("+")
        case UInt8(ascii: "l"): return .character(",")
        case UInt8(ascii: "m"): return .character("-")
        case UInt8(ascii: "n"): return .character(".")
        case UInt8(ascii: "o"): return .character("/")
        case UInt8(ascii: "p")...UInt8(ascii: "y"):
            return .character(Character(Unicode.Scalar(final - UInt8(ascii: "p") + 48)))
        case UInt8(ascii: "X"): return .character("=")
        default: return nil
        }
    }
}
