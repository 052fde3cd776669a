/// About `count` bytes of mixed terminal input: typed text, UTF-8, arrows and function keys in CSI and
/// SS3 forms, modified keys, control keys, Alt keys and the odd bracketed paste. Same bytes every run.
enum KeyInput {
    static func mixed(count: Int) -> [UInt8] {
        let pieces: [String] = [
            "hello world ", "é", "日本語", "👨‍👩‍👧", "\u{1B}[A", "\u{1B}[B", "\u{1B}OC", "\u{1B}OD", "\u{1B}[5~",
            "\u{1B}[6~", "\u{1B}[1;5A", "\u{1B}[3~", "\u{1B}OP", "\u{1B}[24~", "\r", "\t", "\u{7F}", "\u{03}",
            "\u{1B}x", "\u{1B}[Z", "e\u{301}", "q", "/search term", "\u{1B}[200~pasted text\r\nline two\u{1B}[201~",
        ]
        var seed: UInt64 = 99
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 64)
        while bytes.count < count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            bytes += pieces[Int((seed >> 33) % UInt64(pieces.count))].utf8
        }
        return bytes
    }
}
