/// A scene that only says something: what a controller shows in place of a scene it could not build,
/// so that a move that "cannot fail" still never crashes and never shows nothing.
@MainActor
public final class MessageScene: Scene {
    public let title: String
    /// The one line the scene shows, sanitized and cut to the width.
    public let message: String

    /// Creates a scene titled `title` that shows `message`.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        buffer.put(line: TextSanitizer.sanitized(message), at: Point(x: area.x, y: area.y), width: area.width)
    }

    public func handle(_ key: Key) -> Bool { false }
}
