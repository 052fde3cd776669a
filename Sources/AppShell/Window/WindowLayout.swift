/// Where the window puts its header, content and status bar at a given size.
///
/// Three rows or more: header, content, status bar. Two rows: content and status bar (messages matter
/// more than titles). One row: content only. No rows or columns: nothing.
public struct WindowLayout: Hashable, Sendable {
    /// The header row at the top; nil below three rows.
    public var header: Rect?
    /// The rows between header and status bar where the scenes draw; empty when the size is.
    public var content: Rect
    /// The status bar row at the bottom; nil below two rows.
    public var status: Rect?

    /// Splits `size` into header, content and status bar.
    public init(size: Size) {
        let width = size.width, height = size.height
        switch height {
        case _ where width == 0 || height == 0:
            header = nil; status = nil; content = Rect(x: 0, y: 0, width: 0, height: 0)
        case 1:
            header = nil; status = nil; content = Rect(x: 0, y: 0, width: width, height: 1)
        case 2:
            header = nil
            content = Rect(x: 0, y: 0, width: width, height: 1)
            status = Rect(x: 0, y: 1, width: width, height: 1)
        default:
            header = Rect(x: 0, y: 0, width: width, height: 1)
            content = Rect(x: 0, y: 1, width: width, height: height - 2)
            status = Rect(x: 0, y: height - 1, width: width, height: 1)
        }
    }

    /// The frame of a modal box (border included) centred in `content`.
    ///
    /// `preferredContentSize` is what the scene inside wants (border excluded); without one the box
    /// takes three quarters of the content area, at least 40×10 when that fits.
    public static func modalFrame(in content: Rect, preferredContentSize: Size?) -> Rect {
        let available = content.size
        let width: Int, height: Int
        if let preferred = preferredContentSize {
            width = min(available.width, preferred.width + 2)
            height = min(available.height, preferred.height + 2)
        } else {
            width = min(available.width, max(available.width * 3 / 4, 40))
            height = min(available.height, max(available.height * 3 / 4, 10))
        }
        return Rect(
            x: content.x + (available.width - width) / 2, y: content.y + (available.height - height) / 2,
            width: width, height: height
        )
    }
}

/// A scene that shows another one (a navigation stack shows its top scene): a modal box takes the
/// size the shown scene asks for, if it asks.
@MainActor
public protocol SceneContainer: Scene {
    /// The scene drawn now.
    var visibleChild: any Scene { get }
}

/// A scene that knows how big its modal box should be (a confirmation dialog is small).
@MainActor
public protocol SizedModalScene: Scene {
    /// The content size wanted inside the box's border, given the space available.
    func preferredContentSize(fitting available: Size) -> Size
}
