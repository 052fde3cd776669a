/// Turns the bytes a terminal sends into keys: text (UTF-8, whole grapheme clusters), control keys,
/// escape sequences (CSI, SS3, and the xterm, rxvt and Linux console variants) and bracketed pastes.
///
/// Bytes may arrive split anywhere, even inside a UTF-8 scalar or an escape sequence: what cannot be
/// decoded yet is kept pending. A lone Esc and the start of a sequence look the same, so the run loop
/// calls `flushPending()` once input has been quiet for a short timeout (~30 ms) and the pending bytes
/// are then read as typed (`ESC` alone is `.escape`, `ESC [` is Alt-`[`). The last character of a read is
/// also held until then, because the next read may extend its grapheme cluster (`e` + U+0301 is `é`).
///
/// Invalid UTF-8 and unknown sequences are dropped; nothing here traps or loops forever, and a bracketed
/// paste that never ends is delivered in chunks of at most `pasteLimit` bytes.
///
/// ```swift
/// var decoder = InputDecoder()
/// let keys = decoder.decode(bytesFromTerminal)        // [.up, .character("é")]
/// let late = decoder.flushPending()                   // after ~30 ms of quiet
/// ```
public struct InputDecoder: Sendable {
    /// Default cap on one delivered paste: 10 MB.
    public static let defaultPasteLimit = 10 * 1024 * 1024
    /// The most bytes one `.paste` carries; a longer paste arrives as several.
    public let pasteLimit: Int

    /// Bytes that could not be decoded yet: a sequence's start, a split scalar, a held character.
    private var pending: [UInt8] = []
    /// The paste collected so far, while inside `ESC[200~` … `ESC[201~`.
    private var pasteBytes: [UInt8]?

    /// Creates a decoder with nothing pending; `pasteLimit` below 4 bytes is raised to 4.
    public init(pasteLimit: Int = InputDecoder.defaultPasteLimit) {
        self.pasteLimit = max(4, pasteLimit)
    }

    /// True when bytes wait for more input or for `flushPending()`.
    public var hasPending: Bool { !pending.isEmpty || pasteBytes != nil }

    /// True between the start and the end of a bracketed paste.
    public var isInsidePaste: Bool { pasteBytes != nil }

    /// Decodes the next bytes read from the terminal into the keys they complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var input = pending
        pending = []
        input.append(contentsOf: bytes)
        var keys: [Key] = []
        keys.reserveCapacity(min(input.count, 4096))
        process(input, atEnd: false, into: &keys)
        return keys
    }

    /// Decodes whatever is pending as if no more input will follow it: call after the input has been
    /// quiet for the Esc timeout. A paste cut short (its end marker never came) is delivered as it is.
    public mutating func flushPending() -> [Key] {
        let input = pending
        pending = []
        var keys: [Key] = []
        process(input, atEnd: true, into: &keys)
        if let paste = pasteBytes {
            if !paste.isEmpty { keys.append(.paste(Self.pasteText(paste))) }
            pasteBytes = nil
        }
        return keys
    }

    // MARK: - The byte loop

    private mutating func process(_ input: [UInt8], atEnd: Bool, into keys: inout [Key]) {
        var index = 0
        let count = input.count
        while index < count {
            if pasteBytes != nil {
                index = consumePaste(input, from: index, atEnd: atEnd, into: &keys)
                continue
            }
            let byte = input[index]
            if byte == 0x1B {
                switch EscapeSequences.parse(input, at: index) {
                case .key(let key, let next):
                    keys.append(key)
                    index = next
                case .pasteStart(let next):
                    pasteBytes = []
                    index = next
                case .ignored(let next):
                    index = next
                case .incomplete:
                    guard atEnd else {
                        pending = Array(input[index...])
                        return
                    }
                    let (key, next) = EscapeSequences.fallback(input, at: index)
                    if let key { keys.append(key) }
                    index = next
                }
            } else if byte >= 0x20 && byte != 0x7F {
                index = consumeText(input, from: index, atEnd: atEnd, into: &keys)
            } else {
                keys.append(EscapeSequences.controlKey(byte))
                index += 1
            }
        }
    }

    // MARK: - Text

    /// `.character` keys for printable ASCII, made once: typing and pasting without brackets is mostly ASCII.
    private static let asciiKeys: [Key] = (0x20..<0x7F).map { .character(Character(Unicode.Scalar(UInt8($0)))) }

    /// Decodes a run of text up to the next control byte. Holds back the run's last character (and a
    /// split scalar) when the run reaches the end of the input, since more may extend it.
    private mutating func consumeText(_ input: [UInt8], from start: Int, atEnd: Bool, into keys: inout [Key]) -> Int {
        let count = input.count
        var index = start
        // Fast path: an ASCII character followed by another ASCII byte is a whole grapheme cluster
        // (no ASCII character extends another; CR LF never reaches here).
        while index < count {
            let byte = input[index]
            guard byte >= 0x20 && byte < 0x7F else { break }
            let next = index + 1
            if next < count ? input[next] < 0x80 : atEnd {
                keys.append(Self.asciiKeys[Int(byte) - 0x20])
                index = next
                continue
            }
            break
        }
        guard index < count, input[index] >= 0x20, input[index] != 0x7F else { return index }
        return consumeClusters(input, from: index, atEnd: atEnd, into: &keys)
    }

    /// The general text path: validates UTF-8 up to the next control byte and splits it into grapheme
    /// clusters with Swift's `Character`.
    private mutating func consumeClusters(_ input: [UInt8], from start: Int, atEnd: Bool, into keys: inout [Key]) -> Int
    {
        var valid: [UInt8] = []
        var index = start
        var incompleteTail: ArraySlice<UInt8> = []
        let count = input.count
        while index < count {
            let byte = input[index]
            if byte < 0x20 || byte == 0x7F { break }
            if byte < 0x80 {
                valid.append(byte)
                index += 1
                continue
            }
            switch UTF8Scalar.decode(input, at: index) {
            case .scalar(let scalar, let end):
                if !(0x80...0x9F).contains(scalar.value) { valid.append(contentsOf: input[index..<end]) }
                index = end
            case .incomplete:
                incompleteTail = input[index..<count]
                index = count
            case .invalid:
                index += 1
            }
        }
        var previous: Character?
        for character in String(decoding: valid, as: UTF8.self) {
            if let previous { keys.append(.character(previous)) }
            previous = character
        }
        if index == count && !atEnd {
            // The run reaches the end of this read: the next read may extend its last cluster.
            pending = (previous.map { Array(String($0).utf8) } ?? []) + incompleteTail
        } else if let previous {
            keys.append(.character(previous))
        }
        return index
    }

    // MARK: - Bracketed paste

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    /// Collects paste bytes up to the end marker; a marker split across reads stays pending.
    private mutating func consumePaste(_ input: [UInt8], from start: Int, atEnd: Bool, into keys: inout [Key]) -> Int {
        let count = input.count
        var searchFrom = start
        while let escape = input[searchFrom..<count].firstIndex(of: 0x1B) {
            let available = count - escape
            if available >= Self.pasteEnd.count {
                if input[escape..<(escape + Self.pasteEnd.count)].elementsEqual(Self.pasteEnd) {
                    appendPaste(input[start..<escape], into: &keys)
                    keys.append(.paste(Self.pasteText(pasteBytes ?? [])))
                    pasteBytes = nil
                    return escape + Self.pasteEnd.count
                }
            } else if !atEnd, Self.pasteEnd.starts(with: input[escape..<count]) {
                appendPaste(input[start..<escape], into: &keys)
                pending = Array(input[escape..<count])
                return count
            }
            searchFrom = escape + 1
        }
        appendPaste(input[start..<count], into: &keys)
        return count
    }

    /// Adds bytes to the paste, delivering full chunks of `pasteLimit` bytes (cut on a scalar boundary).
    private mutating func appendPaste(_ bytes: ArraySlice<UInt8>, into keys: inout [Key]) {
        guard var collected = pasteBytes else { return }
        pasteBytes = nil  // keeps `collected` uniquely referenced while it grows
        collected.append(contentsOf: bytes)
        // A chunk goes out only once the byte after it has arrived, so that where it is cut never
        // depends on where a read ended: never inside a UTF-8 scalar, never between CR and LF (each
        // chunk's line ends are normalized on their own).
        while collected.count > pasteLimit {
            var cut = pasteLimit
            // A scalar has at most three continuation bytes, so three steps back reach its lead byte;
            // stray continuation bytes stop there too. A fourth step could reach 0 at the smallest
            // limit (4), and an empty chunk would be cut forever.
            while cut > pasteLimit - 3, (collected[cut] & 0xC0) == 0x80 { cut -= 1 }
            if cut > 1, collected[cut - 1] == 0x0D, collected[cut] == 0x0A { cut -= 1 }
            keys.append(.paste(Self.pasteText(collected[..<cut])))
            collected.removeFirst(cut)
        }
        pasteBytes = collected
    }

    /// Pasted bytes as text: invalid UTF-8 becomes U+FFFD, line ends (CR LF, CR) become LF.
    static func pasteText(_ bytes: some Collection<UInt8>) -> String {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var previousWasCR = false
        for byte in bytes {
            if byte == 0x0D {
                normalized.append(0x0A)
                previousWasCR = true
                continue
            }
            if byte == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            normalized.append(byte)
        }
        return String(decoding: normalized, as: UTF8.self)
    }
}
