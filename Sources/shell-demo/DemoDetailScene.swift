import AppShell

/// One item's text, wrapped to the width of the screen, scrollable with the arrows.
@MainActor
final class DemoDetailScene: Scene {
    let title: String
    private let text: String
    private var firstLine = 0

    init(item: DemoItem) {
        self.title = "Item \(item.number)"
        self.text = item.title + "\n\n" + item.body
    }

    var keyHelp: [KeyHelp] { [KeyHelp(key: "↑/↓", summary: "scroll")] }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let lines = Self.wrap(text, width: area.width)
        firstLine = min(firstLine, max(0, lines.count - area.height))
        for row in 0..<area.height where firstLine + row < lines.count {
            buffer.put(line: lines[firstLine + row], at: Point(x: area.x, y: area.y + row), width: area.width)
        }
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .down, .character("j"): firstLine += 1
        case .up, .character("k"): firstLine = max(0, firstLine - 1)
        default: return false
        }
        return true
    }

    /// Greedy word wrap by character count (the demo's text is ASCII); long words are cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                var word = Substring(word)
                while word.count > width {
                    if !line.isEmpty { lines.append(line); line = "" }
                    lines.append(String(word.prefix(width)))
                    word = word.dropFirst(width)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
