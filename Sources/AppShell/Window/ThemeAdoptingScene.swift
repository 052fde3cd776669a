/// A scene whose widgets copy styles from the theme it was built with, and that can take a new theme
/// while it is shown (the theme chosen in Settings applies at once, without rebuilding any scene).
///
/// ``Window/adopt(_:)`` passes the theme to its root and to every modal scene that conforms; a
/// `NavigationScene` passes it to every scene of its stack, not only the top one, so going back shows
/// the new theme too. A scene that reads its styles from the theme at every render needs nothing.
@MainActor
public protocol ThemeAdoptingScene: Scene {
    /// Restyles the scene's widgets with `theme`; the next render shows it.
    func adopt(_ theme: Theme)
}

extension Theme {
    /// Gives `theme` to `scene` when it adopts themes (a scene that does not conform keeps its styles).
    @MainActor
    public static func pass(_ theme: Theme, to scene: any Scene) {
        scene.asThemeAdoptingScene?.adopt(theme)
    }
}
