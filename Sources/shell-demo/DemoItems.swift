/// The demo's data: generated items with a title and a few paragraphs, the same on every run.
struct DemoItem: Sendable {
    let number: Int
    let title: String
    let body: String
}

enum DemoItems {
    private static let words = [
        "terminal", "scene", "window", "buffer", "render", "cell", "grapheme", "cursor", "modal", "stack",
        "navigate", "quiet", "swift", "signal", "resize", "paste", "colour", "frame", "diff", "region",
        "scroll", "key", "escape", "sequence", "restore", "raw", "mode", "screen", "line", "wrap",
    ]

    /// `count` items; the text is derived from the item number only (a small linear congruential mix).
    /// With `emojiTitles`, every third title holds 👍🏽 and every fourth 🇫🇷: graphemes whose width
    /// terminals disagree about.
    static func generate(count: Int, emojiTitles: Bool = false) -> [DemoItem] {
        (1...max(1, count)).map { number in
            var seed = UInt64(number) &* 6364136223846793005 &+ 1442695040888963407
            func nextWord() -> String {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return words[Int((seed >> 33) % UInt64(words.count))]
            }
            var titleWords = (0..<3).map { _ in nextWord() }.joined(separator: " ")
            if emojiTitles && number % 3 == 0 { titleWords = "👍🏽 " + titleWords }
            if emojiTitles && number % 4 == 0 { titleWords += " 🇫🇷 flag" }
            let paragraphs = (0..<3).map { paragraph in
                let sentence = (0..<(18 + paragraph * 7)).map { _ in nextWord() }.joined(separator: " ")
                return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
            }
            let number4 = String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
            return DemoItem(
                number: number,
                title: "Item \(number4) \(titleWords)",
                body: "This is item \(number) of the AppShell demo.\n\n" + paragraphs.joined(separator: "\n\n")
            )
        }
    }
}
