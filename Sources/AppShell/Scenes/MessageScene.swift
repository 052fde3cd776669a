/// A scene that only says something: what a controller shows in place of a scene it could not build,
/// so that a move that "cannot fail" still never crashes and never shows nothing.
@MainActor
public final class MessageScene: Scene {
    /// The title shown in the header or the box.
    public let title: String
    /// The one line the scene shows, sanitized and cut to the width.
    public let message: String

    /// Creates a scene titled `title` that shows `message`.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }

    /// Draws the message, sanitized, on the first line of the area, cut to its width.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        buffer.put(line: TextSanitizer.sanitized(message), at: Point(x: area.x, y: area.y), width: area.width)
    }

    /// Takes no key: every key goes up to the container.
    public func handle(_ key: Key) -> Bool { false }
}
