/// A scene that wants the run loop's idle ticks (about every 250 ms without input): to notice outside
/// changes, animate a spinner, or poll a job. The window passes ticks to the visible scenes that
/// conform; a `NavigationScene` passes them to its top scene.
@MainActor
public protocol TickingScene: Scene {
    /// Called about every 250 ms while no input arrives, on the main actor; keep it quick.
    func tick()
}
