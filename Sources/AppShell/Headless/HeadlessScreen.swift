/// A terminal without a terminal: renders a root view into a `Buffer` of a given size, records every
/// frame, and takes keys as the run loop would (one render after each key). Tests read the screen as
/// `lines`, written the way it looks.
///
/// ```swift
/// let screen = HeadlessScreen(root: window, size: Size(width: 20, height: 3))
/// screen.send(.down)
/// XCTAssertEqual(screen.lines, ["Entries", "> second", "? help  q quit"])
/// ```
@MainActor
public final class HeadlessScreen {
    /// The view the screen shows and sends keys to: usually a `Window`, or a `SceneHost` around one scene.
    public let root: any RootView
    /// The screen's width and height in cells; every frame is rendered at this size.
    public private(set) var size: Size
    /// Every frame rendered so far, oldest first (the first is rendered by the initializer).
    public private(set) var frames: [Buffer] = []

    /// A screen of `size` showing `root`, rendered once.
    public init(root: any RootView, size: Size) {
        self.root = root
        self.size = size
        render()
    }

    /// A screen showing `scene` alone on the whole screen (see `SceneHost`).
    public convenience init(scene: any Scene, size: Size) {
        self.init(root: SceneHost(scene: scene), size: size)
    }

    /// The latest frame.
    public var buffer: Buffer { frames.last ?? Buffer(size: size) }

    /// The latest frame's rows with trailing spaces removed; a wide grapheme appears once.
    public var lines: [String] { buffer.lines }

    /// The latest frame's rows padded with spaces to the screen width.
    public var paddedLines: [String] { (0..<size.height).map { buffer.line($0, trimmingTrailingSpaces: false) } }

    /// The cell at `point` in the latest frame; a point outside the screen reads as blank.
    public func cell(at point: Point) -> Cell { buffer[point.x, point.y] }

    /// The style of the cell at `point` in the latest frame, for asserting colours and attributes.
    public func style(at point: Point) -> Style { cell(at: point).style }

    /// Whether the root view has asked to quit, as the run loop would check after each key.
    public var isFinished: Bool { root.isFinished }

    /// Renders a new frame into a blank buffer, as the run loop does.
    @discardableResult
    public func render() -> Buffer {
        var buffer = Buffer(size: size)
        root.render(into: &buffer)
        frames.append(buffer)
        return buffer
    }

    /// Sends one key (or `.paste(...)`) and renders; returns the new lines.
    @discardableResult
    public func send(_ key: Key) -> [String] {
        root.handle(key)
        render()
        return lines
    }

    /// Sends several keys, rendering after each.
    @discardableResult
    public func send(_ keys: [Key]) -> [String] {
        for key in keys { send(key) }
        return lines
    }

    /// Types `text`: one `.character` key per grapheme, rendering after each.
    @discardableResult
    public func send(_ text: String) -> [String] {
        send(text.map { Key.character($0) })
    }

    /// Lets time pass by one tick of the run loop and renders.
    @discardableResult
    public func tick() -> [String] {
        root.tick()
        render()
        return lines
    }

    /// Changes the screen size, as a terminal resize does, and renders.
    @discardableResult
    public func resize(to newSize: Size) -> [String] {
        size = newSize
        render()
        return lines
    }
}
