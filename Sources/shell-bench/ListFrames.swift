import AppShell

/// Frames of a full-screen list as an app draws them: a header, rows of distinct titles with the
/// selection on the last visible row, and a status bar.
struct ListFrames {
    let size: Size
    private let titles: [String]

    /// With `disputedEvery`, every that many titles start with 👍🏽 and end with 🇫🇷 (graphemes whose
    /// width terminals disagree about, which cost the renderer a rewrite of the rest of their row).
    init(size: Size, itemCount: Int = 5000, disputedEvery: Int? = nil) {
        self.size = size
        let words = [
            "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
            "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
        ]
        var seed: UInt64 = 12345
        titles = (0..<itemCount).map { index in
            let phrase = (0..<8).map { _ -> String in
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return words[Int((seed >> 33) % UInt64(words.count))]
            }
            let title = "Item \(index + 1)  " + phrase.joined(separator: " ")
            guard let disputedEvery, index % disputedEvery == 0 else { return title }
            return "👍🏽 " + title + " 🇫🇷"
        }
    }

    /// The frame showing items from `first`, the selection on the last list row.
    func frame(first: Int) -> Buffer {
        var buffer = Buffer(size: size)
        let header = Style(foreground: .brightWhite, background: .blue, attributes: .bold)
        buffer.put(line: "Entries › All", at: Point(x: 0, y: 0), width: size.width, style: header)
        let rows = size.height - 2
        for row in 0..<rows {
            let index = first + row
            let style = row == rows - 1 ? Style(foreground: .black, background: .cyan) : Style.plain
            buffer.put(line: titles[index % titles.count], at: Point(x: 0, y: 1 + row), width: size.width, style: style)
            buffer.put(
                "\(index + 1)d ago", at: Point(x: size.width - 10, y: 1 + row),
                style: Style(foreground: .gray, background: style.background))
        }
        buffer.put(
            line: "↑/↓ move  enter open  / search  ? help  q quit", at: Point(x: 0, y: size.height - 1),
            width: size.width, style: Style(attributes: .dim))
        return buffer
    }
}
