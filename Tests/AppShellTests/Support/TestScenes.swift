import XCTest
import AppShell

/// A scene that draws fixed lines, records the keys and lifecycle calls it gets, and handles only
/// the keys it is told to.
@MainActor
final class LabelScene: Scene {
    let title: String
    var lines: [String]
    var keyHelp: [KeyHelp]
    var handledKeys: Set<Key>
    private(set) var receivedKeys: [Key] = []
    private(set) var appearCount = 0
    private(set) var disappearCount = 0

    init(title: String, lines: [String] = [], keyHelp: [KeyHelp] = [], handledKeys: Set<Key> = []) {
        self.title = title
        self.lines = lines
        self.keyHelp = keyHelp
        self.handledKeys = handledKeys
    }

    func render(into buffer: inout Buffer, area: Rect) {
        for (row, line) in lines.enumerated() where row < area.height {
            buffer.put(line, at: Point(x: area.x, y: area.y + row), maxWidth: area.width, clip: area)
        }
    }

    func handle(_ key: Key) -> Bool {
        receivedKeys.append(key)
        return handledKeys.contains(key)
    }

    func sceneWillAppear() { appearCount += 1 }
    func sceneDidDisappear() { disappearCount += 1 }
}

/// A scene that shows one widget on its whole area: the way tests put a widget on a headless screen.
@MainActor
final class WidgetScene: Scene {
    let title = "Widget"
    private let draw: (inout Buffer, Rect) -> Void
    private let keys: (Key) -> Bool

    init(render: @escaping (inout Buffer, Rect) -> Void, handle: @escaping (Key) -> Bool = { _ in false }) {
        self.draw = render
        self.keys = handle
    }

    func render(into buffer: inout Buffer, area: Rect) { draw(&buffer, area) }
    func handle(_ key: Key) -> Bool { keys(key) }
}

extension XCTestCase {
    /// Runs a test body on the main actor. XCTest on Linux cannot call `@MainActor` test methods (it
    /// crashes casting them), but it runs tests on the main thread, which this asserts.
    func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
