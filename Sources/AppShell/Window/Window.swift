/// The whole screen: the terminal's `UIWindow`.
///
/// It hosts a root content scene (usually a `NavigationScene`), modal scenes presented over it in
/// bordered boxes, a header with the title path of the visible scenes, and a bottom bar with key hints
/// or status messages. Keys go to the top modal scene if any, else to the root; a key the scene does
/// not handle bubbles to the window, which toggles the help overlay on `?` and quits on `q`. Ctrl-C
/// always quits; Ctrl-L repaints the whole screen (a storyboard binds it to `repaint`; the window
/// repaints on it too when no scene took it). The run loop drives it through `RootView`;
/// tests drive it through `HeadlessScreen`.
///
/// Lifecycle: the root hears `sceneWillAppear` when the window is created; presenting a modal tells
/// the scene it covers `sceneDidDisappear` (it stays drawn, dimmed), and dismissing tells it
/// `sceneWillAppear` again, so a list can reload after Settings closes.
@MainActor
public final class Window: RootView, ModalPresenter {
    /// Read on every frame, so a change (colour off, from Settings) shows at the next render.
    public var configuration: WindowConfiguration
    /// The content scene under any modal.
    public private(set) var root: any Scene
    /// Modal scenes from the bottom one up; the last one gets the keys.
    public private(set) var presentedScenes: [any Scene] = []
    /// True once ``quit()`` was called or a quit key pressed.
    public private(set) var isFinished = false
    private let statusLine: StatusLine
    private var helpOverlay: HelpOverlay?
    private var fullRepaintRequested = false
    private let now: () -> ContinuousClock.Instant
    /// The key hints of the status bar as last drawn, by column, and its row: what a click there presses.
    private var statusHints: (row: Int, hints: [(columns: Range<Int>, keyName: String)])?
    /// The last merge of a scene's keys with the window's, kept while both lists stay the same: the
    /// status bar asks for it every frame, and a merge builds two sets.
    private var lastMergedKeyHelp: (sceneKeys: [KeyHelp], windowKeys: [KeyHelp], merged: [KeyHelp])?
    /// The last left-button press, for double clicks.
    private var lastPress: (x: Int, y: Int, at: ContinuousClock.Instant)?

    /// A window showing `root`. `now` is the clock for status message timeouts (injectable for tests).
    public init(
        root: any Scene, configuration: WindowConfiguration = WindowConfiguration(),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.root = root
        self.configuration = configuration
        self.now = now
        self.statusLine = StatusLine(theme: configuration.theme, duration: configuration.statusDuration, now: now)
        root.sceneWillAppear()
    }

    /// The configured theme: the styles of the header, the status bar, modal boxes and the help overlay.
    public var theme: Theme { configuration.theme }

    /// The scene that gets the keys: the top modal, or the root.
    public var visibleScene: any Scene { presentedScenes.last ?? root }

    /// What the header names before the scenes' titles (an app shows there which document is open);
    /// empty by default.
    public var titlePrefix: [String] = []

    /// The header's title path: the prefix, the root's path, then each modal's.
    public var titlePath: [String] { titlePrefix + root.titlePath + presentedScenes.flatMap(\.titlePath) }

    /// Replaces the content scene (modals stay).
    public func replaceRoot(with scene: any Scene) {
        let wasVisible = presentedScenes.isEmpty
        if wasVisible { root.sceneDidDisappear() }
        root = scene
        if wasVisible { scene.sceneWillAppear() }
    }

    /// Draws everything from now on with `theme`: the header, the status bar, dialogs' boxes and the
    /// help overlay, and every scene shown (root and modals) that adopts themes. The colour setting
    /// (`configuration.colorEnabled`) still applies over it.
    public func adopt(_ theme: Theme) {
        configuration.theme = theme
        statusLine.theme = theme
        helpOverlay?.theme = theme
        for scene in [root] + presentedScenes { Theme.pass(theme, to: scene) }
    }

    /// Stops the run loop at its next turn.
    public func quit() {
        isFinished = true
    }

    // MARK: - Modal presentation

    /// The top modal scene, if any.
    public var presentedScene: (any Scene)? { presentedScenes.last }

    /// Presents `scene` in a box over everything shown; presenting over a modal stacks them.
    public func present(_ scene: any Scene) {
        helpOverlay = nil
        visibleScene.sceneDidDisappear()
        scene.sceneWillAppear()
        presentedScenes.append(scene)
    }

    /// Dismisses the top modal scene; the scene under it gets the keys again.
    public func dismiss() {
        guard let leaving = presentedScenes.popLast() else { return }
        helpOverlay = nil
        leaving.sceneDidDisappear()
        visibleScene.sceneWillAppear()
    }

    /// Dismisses `scene` and every modal presented over it; nothing when it is not presented. (The App
    /// Controller takes Settings away this way, leaving a modal under it alone.)
    public func dismiss(_ scene: any Scene) {
        guard presentedScenes.contains(where: { $0 === scene }) else { return }
        while let top = presentedScenes.last {
            dismiss()
            if top === scene { return }
        }
    }

    // MARK: - Status and help

    /// Shows `text` in the status bar until a few seconds pass (`statusDuration`) or the next key.
    public func showStatus(_ text: String, kind: StatusKind = .info) {
        statusLine.show(text, kind: kind)
    }

    /// The status message being shown, if any.
    public var statusMessage: StatusMessage? { statusLine.message }

    /// Whether the help overlay is shown over the screen.
    public var isShowingHelp: Bool { helpOverlay != nil }

    /// Shows the keys of the visible scene, and the window's own, over the screen.
    public func showHelp() {
        helpOverlay = HelpOverlay(keys: shownKeyHelp(includingAlwaysQuitKeys: true), theme: theme)
    }

    /// Closes the help overlay; does nothing when it is not shown.
    public func hideHelp() {
        helpOverlay = nil
    }

    /// Shows the help overlay, or hides it when shown (the storyboard action `help`).
    public func toggleHelp() {
        if isShowingHelp { hideHelp() } else { showHelp() }
    }

    // MARK: - RootView

    /// Quits on an always-quit key (Ctrl-C); otherwise a mouse event is handled by place, the help
    /// overlay takes keys while shown, and the visible scene gets the key before the window's own
    /// repaint, help and quit keys.
    public func handle(_ key: Key) {
        if configuration.alwaysQuitKeys.contains(key) {
            quit()
            return
        }
        if case .mouse(let event) = key {
            handleMouse(event)
            return
        }
        if helpOverlay != nil, key == configuration.repaintKey {
            // Repaints under the overlay, which stays open (any other key closes it).
            requestRepaint()
            return
        }
        statusLine.clear()
        if let helpOverlay {
            // Scrolling keys scroll the overlay; any other key (the help key, Esc, q…) closes it.
            if !helpOverlay.handle(key) { hideHelp() }
            return
        }
        if visibleScene.handle(key) { return }
        if key == configuration.repaintKey {
            // The fallback: a storyboard binds Ctrl-L to `repaint` itself; when no scene took it (a
            // storyboard without the binding, a dialog, a search field), the window still repaints.
            requestRepaint()
        } else if let helpKey = configuration.helpKey, key == helpKey {
            showHelp()
        } else if configuration.unhandledQuitKeys.contains(key) {
            quit()
        }
    }

    /// Clears the terminal and draws everything again at the next frame.
    public func requestRepaint() {
        fullRepaintRequested = true
    }

    // MARK: - Mouse

    /// Two presses on one cell within this time are a double click.
    static let doubleClickInterval: Duration = .milliseconds(500)

    /// The wheel moves as three presses of up or down (through the storyboards' bindings, like the
    /// keys); a click on a key hint in the status bar presses that key; a click elsewhere goes to the
    /// visible scene (a list selects the row), and a second click on the same cell presses Enter.
    private func handleMouse(_ event: MouseEvent) {
        switch event.action {
        case .wheelUp, .wheelDown:
            for _ in 0..<3 { handle(event.action == .wheelUp ? .up : .down) }
        case .press:
            if helpOverlay != nil {
                hideHelp()
                return
            }
            if let statusHints, event.y == statusHints.row {
                if let hint = statusHints.hints.first(where: { $0.columns.contains(event.x) }),
                    let key = try? Key(name: hint.keyName)
                {
                    handle(key)
                }
                return
            }
            let time = now()
            let isDouble =
                lastPress.map { $0.x == event.x && $0.y == event.y && time - $0.at <= Self.doubleClickInterval }
                ?? false
            lastPress = isDouble ? nil : (event.x, event.y, time)
            statusLine.clear()
            if visibleScene.handle(.mouse(event)), isDouble { handle(.enter) }
        case .release, .other:
            break
        }
    }

    /// True once after ``requestRepaint()``.
    public func takeFullRepaintRequest() -> Bool {
        defer { fullRepaintRequested = false }
        return fullRepaintRequested
    }

    /// Expires a stale status message and passes the tick to the root and modal scenes that want it.
    public func tick() {
        statusLine.expireIfStale()
        for scene in [root] + presentedScenes {
            scene.asTickingScene?.tick()
        }
    }

    /// Draws the header, the root, each modal in a box over the dimmed content, the help overlay and
    /// the status bar, then takes the colour away when the configuration turns it off.
    public func render(into buffer: inout Buffer) {
        buffer.fill(buffer.area)
        let layout = WindowLayout(size: buffer.size)
        if let header = layout.header {
            buffer.put(
                line: titlePath.joined(separator: configuration.titleSeparator), at: Point(x: header.x, y: header.y),
                width: header.width, style: theme.header, truncation: .head
            )
        }
        root.render(into: &buffer, area: layout.content)
        for scene in presentedScenes {
            let preferred = Self.preferredContentSize(of: scene, fitting: Box.inner(of: layout.content).size)
            renderBox(title: scene.title, preferredContentSize: preferred, in: layout.content, buffer: &buffer) {
                buffer, area in
                scene.render(into: &buffer, area: area)
            }
        }
        if let helpOverlay {
            renderBox(
                title: "Keys",
                preferredContentSize: helpOverlay.preferredSize(fitting: Box.inner(of: layout.content).size),
                in: layout.content, buffer: &buffer
            ) { buffer, area in
                helpOverlay.render(into: &buffer, area: area)
            }
        }
        if let status = layout.status {
            let keys = shownKeyHelp(includingAlwaysQuitKeys: false)
            // "? help" stays at the right end, so the way to every other key is always on screen (the
            // window's help key, or the key a storyboard binds to help).
            let help = keys.first { $0 == helpKeyHelp } ?? keys.first { $0.summary == StandardAction.help.summary }
            // Repainting works everywhere but is too rare a need for the status bar: the help overlay lists it.
            let shown = keys.filter { $0 != help && $0.summary != StandardAction.repaint.summary }
            // The way back stays when the scene's keys are too many for the width.
            let back: Set<String> = [StandardAction.back.summary]
            statusLine.render(into: &buffer, area: status, keyHelp: shown, trailing: help, keeping: back)
            statusHints = (
                status.y, statusLine.hintColumns(area: status, keyHelp: shown, trailing: help, keeping: back)
            )
        }
        if !configuration.colorEnabled {
            buffer.restyle(buffer.area) { $0.withoutColor }
        }
    }

    /// Dims what is drawn in `content` and draws a bordered box over it with `body` inside.
    private func renderBox(
        title: String, preferredContentSize: Size?, in content: Rect, buffer: inout Buffer,
        body: (inout Buffer, Rect) -> Void
    ) {
        let dimmed = theme.dimmedContentAttributes
        buffer.restyle(content) { $0.adding(dimmed) }
        let frame = WindowLayout.modalFrame(in: content, preferredContentSize: preferredContentSize)
        let inner = Box(title: title, theme: theme).render(into: &buffer, area: frame)
        body(&buffer, inner)
    }

    /// What `scene` (or the scene it shows, for a container) wants inside its box; nil for the default box.
    static func preferredContentSize(of scene: any Scene, fitting available: Size) -> Size? {
        if let sized = scene.asSizedModalScene { return sized.preferredContentSize(fitting: available) }
        if let container = scene.asSceneContainer {
            return preferredContentSize(of: container.visibleChild, fitting: available)
        }
        return nil
    }

    /// The visible scene's keys followed by the window's own that the scene does not list. While the
    /// scene types text, `?` and `q` would be typed, and a scene that takes every key (a question)
    /// would swallow them, so only the keys that always quit are added.
    private func shownKeyHelp(includingAlwaysQuitKeys: Bool) -> [KeyHelp] {
        let isTyping = visibleScene.asTextInputScene?.isCapturingText ?? false
        var windowKeys =
            isTyping || !Self.innermost(visibleScene).offersWindowKeys
            ? (includingAlwaysQuitKeys
                ? configuration.alwaysQuitKeys.map(\.name).sorted().map { KeyHelp(key: $0, summary: "quit") } : [])
            : windowKeyHelp(includingAlwaysQuitKeys: includingAlwaysQuitKeys, shownIn: Self.innermost(visibleScene))
        // Works in every scene, but too rare a need for the status bar: the help overlay lists it.
        if includingAlwaysQuitKeys {
            windowKeys.append(KeyHelp(key: configuration.repaintKey.name, summary: "repaint"))
        }
        let sceneKeys = visibleScene.keyHelp
        if let last = lastMergedKeyHelp, last.sceneKeys == sceneKeys, last.windowKeys == windowKeys {
            return last.merged
        }
        let merged = WindowKeyHelp.merged(sceneKeys: sceneKeys, windowKeys: windowKeys)
        lastMergedKeyHelp = (sceneKeys, windowKeys, merged)
        return merged
    }

    /// The scene a container shows (through every level), or `scene` itself.
    private static func innermost(_ scene: any Scene) -> any Scene {
        if let container = scene.asSceneContainer { return innermost(container.visibleChild) }
        return scene
    }

    private var helpKeyHelp: KeyHelp? { configuration.helpKey.map { KeyHelp(key: $0.name, summary: "help") } }

    /// The window's own keys, for the status bar and the help overlay (sorted: sets have no order).
    private func windowKeyHelp(includingAlwaysQuitKeys: Bool, shownIn scene: any Scene) -> [KeyHelp] {
        var help = helpKeyHelp.map { [$0] } ?? []
        // A quit key the scene takes first (a letter it jumps with) does not quit there.
        var quitKeys = configuration.unhandledQuitKeys.filter { !scene.takesBeforeWideBindings($0) }.map(\.name)
            .sorted()
        if includingAlwaysQuitKeys { quitKeys += configuration.alwaysQuitKeys.map(\.name).sorted() }
        help += quitKeys.map { KeyHelp(key: $0, summary: "quit") }
        return help
    }
}
