import AppShell
import Foundation

/// The demo's window, plus a file that holds the rows of the last frame it drew (`--frame-log`): what
/// the app meant the terminal to show, which tests compare with what the terminal shows.
@MainActor
final class FrameLoggingRoot: RootView {
    private let window: Window
    private let url: URL

    init(_ window: Window, path: String) {
        self.window = window
        self.url = URL(fileURLWithPath: path)
    }

    var isFinished: Bool { window.isFinished }

    func render(into buffer: inout Buffer) {
        window.render(into: &buffer)
        // Atomically, so a reader never sees half a frame.
        try? Data(buffer.lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
    }

    func handle(_ key: Key) { window.handle(key) }

    func tick() { window.tick() }

    func takeFullRepaintRequest() -> Bool { window.takeFullRepaintRequest() }
}
