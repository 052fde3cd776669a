import AppShell
import Foundation

/// The demo's window, plus a file that holds the rows of the last frame it drew (`--frame-log`): what
/// the app meant the terminal to show, which tests compare with what the terminal shows. Its first
/// line is `keys N`, the number of keys handled before that frame, so a test knows which keys it shows.
@MainActor
final class FrameLoggingRoot: RootView {
    private let window: Window
    private let url: URL
    private var keysHandled = 0

    init(_ window: Window, path: String) {
        self.window = window
        self.url = URL(fileURLWithPath: path)
    }

    var isFinished: Bool { window.isFinished }

    func render(into buffer: inout Buffer) {
        window.render(into: &buffer)
        // Atomically, so a reader never sees half a frame.
        let text = (["keys \(keysHandled)"] + buffer.lines).joined(separator: "\n")
        try? Data(text.utf8).write(to: url, options: .atomic)
    }

    func handle(_ key: Key) {
        keysHandled += 1
        window.handle(key)
    }

    func tick() { window.tick() }

    func takeFullRepaintRequest() -> Bool { window.takeFullRepaintRequest() }
}
