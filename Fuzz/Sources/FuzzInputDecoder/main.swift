// The terminal input decoder (AppShell `InputDecoder`), fed as the run loop feeds it: bytes in reads
// of any size, then `flushPending()` once input is quiet.
//
// What must hold:
// - where the reads are cut never changes the keys: the input decoded whole, in fuzzer-chosen pieces
//   and one byte at a time gives the same keys (the decoder consumes every byte once, whatever the
//   split), also with a small paste limit that cuts pastes into chunks;
// - after `flushPending()` nothing is pending;
// - no key carries a raw control byte where it must not: a `.character` is never a control
//   character, a `.control` is a lowercase letter or one of `@[\]^_`, a paste has no CR (line ends
//   are LF), a function key is F1–F12.
import AppShell
import FuzzSupport

/// libFuzzer's entry point: decodes the input's tail as terminal bytes with `InputDecoder` (paste limit and read cuts
/// from its first bytes) and checks the keys are the same whole, in pieces and byte by byte, nothing is left pending
/// after a flush, and no key carries a raw control byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let pasteLimit = 4 + Int(input.byte() % 64)
    let cuts = (0..<Int(input.byte() % 4)).map { _ in Int(input.byte()) }
    let bytes = input.rest()
    for limit in [InputDecoder.defaultPasteLimit, pasteLimit] {
        let whole = decode(bytes, inPiecesOf: [bytes.count], pasteLimit: limit)
        whole.forEach(checkKey)
        let pieces = decode(bytes, inPiecesOf: pieceSizes(cuts, total: bytes.count), pasteLimit: limit)
        fuzzCheck(pieces == whole, "the keys depend on where the reads were cut: \(whole) whole, \(pieces) in pieces")
        if bytes.count <= 512 {
            let single = decode(bytes, inPiecesOf: Array(repeating: 1, count: bytes.count), pasteLimit: limit)
            fuzzCheck(single == whole, "the keys differ read a byte at a time: \(whole) whole, \(single) by bytes")
        }
    }
    return 0
}

/// The keys of `bytes` read in pieces of the given sizes (the last piece takes what is left), then flushed.
func decode(_ bytes: [UInt8], inPiecesOf sizes: [Int], pasteLimit: Int) -> [Key] {
    var decoder = InputDecoder(pasteLimit: pasteLimit)
    var keys: [Key] = []
    var offset = 0
    for size in sizes where offset < bytes.count {
        let end = min(bytes.count, offset + size)
        keys += decoder.decode(bytes[offset..<end])
        offset = end
    }
    if offset < bytes.count { keys += decoder.decode(bytes[offset...]) }
    keys += decoder.flushPending()
    fuzzCheck(!decoder.hasPending && !decoder.isInsidePaste, "bytes still pending after flushPending()")
    return keys
}

/// Piece sizes from the fuzzer's cut bytes: each cut is a length, 0 meaning an empty read.
func pieceSizes(_ cuts: [Int], total: Int) -> [Int] {
    cuts.isEmpty ? [total / 2, total] : cuts
}

func checkKey(_ key: Key) {
    switch key {
    case .character(let character):
        fuzzCheck(!containsRawControl(String(character)), "a control character delivered as text: \(key)")
    case .control(let character):
        fuzzCheck(
            ("a"..."z").contains(character) || "@[\\]^_".contains(character), "a control key of no control byte: \(key)"
        )
    case .alt(let inner):
        checkKey(inner)
    case .paste(let text):
        fuzzCheck(!text.unicodeScalars.contains("\r"), "a paste kept a CR: \(text.debugDescription)")
    case .function(let number):
        fuzzCheck((1...12).contains(number), "a function key out of F1–F12: \(key)")
    default:
        break
    }
}
