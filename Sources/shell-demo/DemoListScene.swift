import AppShell

/// The demo's list: the items, one per row, with a selection that scrolls the view.
/// What Enter, `m` and `!` do is given by the composition (main), not known here.
@MainActor
final class DemoListScene: Scene {
    let title = "Items"
    private let items: [DemoItem]
    private let theme: Theme
    private let open: (DemoItem) -> Void
    private let presentAbout: () -> Void
    private let shellOut: () -> Void
    private let crash: (() -> Void)?
    private var selected = 0
    private var top = 0
    private var visibleRows = 10

    init(items: [DemoItem], theme: Theme, open: @escaping (DemoItem) -> Void, presentAbout: @escaping () -> Void,
         shellOut: @escaping () -> Void, crash: (() -> Void)?) {
        self.items = items
        self.theme = theme
        self.open = open
        self.presentAbout = presentAbout
        self.shellOut = shellOut
        self.crash = crash
    }

    var keyHelp: [KeyHelp] {
        [
            KeyHelp(key: "↑/↓", summary: "move"), KeyHelp(key: "enter", summary: "open"),
            KeyHelp(key: "m", summary: "modal"), KeyHelp(key: "!", summary: "shell"),
        ]
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        visibleRows = area.height
        if selected < top { top = selected }
        if selected >= top + area.height { top = selected - area.height + 1 }
        for row in 0..<area.height {
            let index = top + row
            guard index < items.count else { break }
            let style = index == selected ? theme.selection : Style.plain
            buffer.put(line: items[index].title, at: Point(x: area.x, y: area.y + row), width: area.width, style: style)
        }
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .down, .character("j"): move(to: selected + 1)
        case .up, .character("k"): move(to: selected - 1)
        case .pageDown, .character(" "): move(to: selected + max(1, visibleRows - 1))
        case .pageUp: move(to: selected - max(1, visibleRows - 1))
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: items.count - 1)
        case .enter: open(items[selected])
        case .character("m"): presentAbout()
        case .character("!"): shellOut()
        case .character("x") where crash != nil: crash?()
        default: return false
        }
        return true
    }

    private func move(to index: Int) {
        selected = min(max(0, index), items.count - 1)
    }
}
