import AppShell

/// A small modal: what the demo is, dismissed with Esc or Enter (through the closure it is given).
@MainActor
final class DemoAboutScene: SizedModalScene {
    let title = "About"
    private let colorSupport: ColorSupport
    private let dismiss: () -> Void

    init(colorSupport: ColorSupport, dismiss: @escaping () -> Void) {
        self.colorSupport = colorSupport
        self.dismiss = dismiss
    }

    var keyHelp: [KeyHelp] { [KeyHelp(key: "esc", summary: "close")] }

    func render(into buffer: inout Buffer, area: Rect) {
        let lines = [
            "AppShell demo",
            "A modal over the list.",
            "Colours: \(colorSupport)",
            "Press Esc to close.",
        ]
        for (row, line) in lines.enumerated() where row < area.height {
            buffer.put(line: line, at: Point(x: area.x, y: area.y + row), width: area.width)
        }
    }

    func preferredContentSize(fitting available: Size) -> Size {
        Size(width: min(available.width, 32), height: min(available.height, 4))
    }

    func handle(_ key: Key) -> Bool {
        guard key == .escape || key == .enter else { return false }
        dismiss()
        return true
    }
}
