import AppShell

/// One item's text in a `TextView`: wrapped to the width of the screen, scrollable.
@MainActor
final class DemoDetailScene: Scene {
    let title: String
    private let textView: TextView

    init(item: DemoItem, theme: Theme) {
        self.title = "Item \(item.number)"
        self.textView = TextView(text: item.title + "\n\n" + item.body, theme: theme)
    }

    var keyHelp: [KeyHelp] { [KeyHelp(key: "↑/↓", summary: "scroll")] }

    func render(into buffer: inout Buffer, area: Rect) {
        textView.render(into: &buffer, area: area)
    }

    func handle(_ key: Key) -> Bool {
        textView.handle(key)
    }
}
