/// A scene that can be typing text (a search line, a prompt). While `isCapturingText` is true, its
/// container gives it every key first — letters included — before any key binding, so typing "q" into
/// a search line types a "q" instead of quitting. Keys it does not handle still bubble up as usual.
@MainActor
public protocol TextInputScene: Scene {
    /// True while the scene is typing text and wants every key.
    var isCapturingText: Bool { get }
}
