/// Runs a storyboard's flow: a scene holding a `NavigationStack` of scenes built from the storyboard,
/// which routes keys through the storyboard's bindings.
///
/// A key goes to the visible scene's bindings first (a segue, an action of its kind, a flow action or
/// a standard action: help, back, movements), then to the scene's own `handle(_:)`, then to the
/// storyboard-wide bindings. Keys that scenes would move on by themselves (j, k, arrows…) reach the
/// scene only through a binding, so every key that does something is in the storyboard. `present` segues show a new navigator, rooted at the destination, through the injected
/// `ModalPresenter`; dismissing it returns to exactly where the user was.
@MainActor
public final class StoryboardNavigator: TickingScene, TextInputScene, SceneContainer, ThemeAdoptingScene {
    /// The storyboard and registry this navigator builds its scenes from.
    public let runtime: StoryboardRuntime
    /// The window, held weakly: it owns this navigator (as its root or a modal), not the reverse.
    weak var presenter: (any ModalPresenter)?
    let status: @MainActor (String) -> Void
    let link: NavigatorLink
    /// The scenes, the same as `stack.scenes` but with their storyboard identity and bound offers.
    var entries: [StoryboardSceneInstance]
    let stack: NavigationStack
    /// The navigator that presented this one, for unwinds that leave the modal.
    weak var parent: StoryboardNavigator?
    /// The navigator this one presented, while it is shown.
    public internal(set) weak var presentedNavigator: StoryboardNavigator?
    /// Set while a transition runs: segues asked for meanwhile (by an appearing scene) wait in `pending`.
    var isTransitioning = false
    var pending: [PendingSegue] = []
    /// Set while the outermost segue runs the pending ones, so that they do not run it again.
    var isDrainingPending = false
    /// The help of the scenes' bindings as made so far (see `keyHelp`).
    var bindingHelps: [BindingHelp.Key: BindingHelp] = [:]

    struct PendingSegue {
        var identifier: String
        var instanceID: Int
        var value: Any?
    }

    init(
        runtime: StoryboardRuntime, root: StoryboardSceneInstance, link: NavigatorLink,
        presenter: any ModalPresenter, status: @escaping @MainActor (String) -> Void
    ) {
        self.runtime = runtime
        self.presenter = presenter
        self.status = status
        self.link = link
        self.entries = [root]
        self.stack = NavigationStack(root: root.scene)
        link.navigator = self
    }

    // MARK: What is shown

    /// The storyboard identifiers of the stacked scenes, root first.
    public var sceneIdentifiers: [String] { entries.map(\.identifier) }
    /// The storyboard identifier of the visible scene.
    public var topSceneIdentifier: String { top.identifier }
    /// The stacked scenes, root first.
    public var scenes: [any Scene] { stack.scenes }
    /// The visible scene.
    public var topScene: any Scene { stack.top }
    /// The visible scene (a modal box takes the size it asks for).
    public var visibleChild: any Scene { stack.top }
    /// True while this navigator is the scene its presenter shows modally.
    public var isPresented: Bool { presenter?.presentedScene === self }

    var top: StoryboardSceneInstance { entries[entries.count - 1] }

    /// Shows `message` in the status bar (through the injected reporter).
    func report(_ message: String) {
        status(message)
    }

    // MARK: Scene

    /// The visible scene's title.
    public var title: String { stack.top.title }
    /// Every title of the stack, from the root to the visible scene.
    public var titlePath: [String] { stack.titlePath }

    /// Draws the visible scene into the whole area.
    public func render(into buffer: inout Buffer, area: Rect) {
        stack.top.render(into: &buffer, area: area)
    }

    /// Tells the visible scene that it appears.
    public func sceneWillAppear() { stack.top.sceneWillAppear() }
    /// Every scene of the stack takes the theme, so those under the top show it when uncovered.
    public func adopt(_ theme: Theme) { for scene in stack.scenes { Theme.pass(theme, to: scene) } }
    /// Tells the visible scene that it disappeared.
    public func sceneDidDisappear() { stack.top.sceneDidDisappear() }

    /// Passes the window's idle tick to the visible scene when it wants ticks.
    public func tick() {
        stack.top.asTickingScene?.tick()
    }

    /// Gives a text-typing scene every key; otherwise the scene's storyboard bindings come first, then
    /// the scene, then the storyboard-wide bindings (movement keys move only when the storyboard binds them).
    public func handle(_ key: Key) -> Bool {
        let entry = top
        // A scene typing text gets the keys before the bindings; what it leaves goes to the window.
        if isCapturingText { return entry.scene.handle(key) }
        if let binding = runtime.storyboard.scene(entry.identifier)?.bindings.first(where: { $0.key == key }) {
            return trigger(binding, from: entry)
        }
        let globalBinding = runtime.storyboard.globalBindings.first(where: { $0.key == key })
        // A key scenes would move on by themselves moves only when the storyboard binds it (to a
        // movement, or to anything else): the storyboard, not the widget, says which keys move.
        if StandardAction.movementKeys.contains(key) && globalBinding == nil { return false }
        if entry.scene.handle(key) { return true }
        // Storyboard-wide keys come after the scene, so a search field still gets to type an `s`.
        if let globalBinding {
            return trigger(globalBinding, from: entry)
        }
        return false
    }

    /// Runs a binding; false only for `back` with nowhere to go back to (the key is then the window's).
    private func trigger(_ binding: KeyBinding, from entry: StoryboardSceneInstance) -> Bool {
        if isStandardBack(binding.target) { return goBack() }
        do {
            try perform(target: binding.target, from: entry)
        } catch {
            report(String(describing: error))
        }
        return true
    }

    /// True when `target` names the standard `back` (no segue or action of that name comes first).
    private func isStandardBack(_ target: String) -> Bool {
        guard target == StandardAction.back.rawValue, runtime.storyboard.segue(target) == nil,
            runtime.registry.flowActions[target] == nil
        else { return false }
        let kind = runtime.storyboard.scene(top.identifier).flatMap { runtime.registry.kind(named: $0.kind) }
        return kind?.action(named: target) == nil
    }

    /// Back one scene, or dismisses this navigator when it is presented and at its root.
    @discardableResult
    func goBack() -> Bool {
        if entries.count > 1 {
            pop(toIndex: entries.count - 2)
            return true
        }
        if isPresented {
            dismiss()
            return true
        }
        return false
    }

    /// True while the visible scene is typing text (see `TextInputScene`): the window then leaves out
    /// its own letter keys from the hints, since they would be typed.
    public var isCapturingText: Bool {
        top.scene.asTextInputScene?.isCapturingText ?? false
    }

    // MARK: Help

    /// The scene's storyboard help (as a line with an empty key), its bindings with what they do, the
    /// storyboard-wide bindings it does not override, its own keys, and Esc when it goes back.
    public var keyHelp: [KeyHelp] {
        if isCapturingText { return top.scene.keyHelp }
        let canGoBack = entries.count > 1 || isPresented
        // Storyboard-wide keys the scene takes first (type-to-jump letters) never reach their binding.
        let wide = runtime.storyboard.globalBindings.filter { !top.scene.takesBeforeWideBindings($0.key) }
        let key = BindingHelp.Key(
            scene: top.identifier, canGoBack: canGoBack, wide: wide,
            rootTitle: entries[0].context.title)
        let bindings: BindingHelp
        if let cached = bindingHelps[key] {
            bindings = cached
        } else {
            bindings = bindingHelp(for: key)
            // As many as the storyboard has scenes (twice, with and without a way back): a bound
            // that only a storyboard of thousands of scenes reaches.
            if bindingHelps.count >= 256 { bindingHelps.removeAll() }
            bindingHelps[key] = bindings
        }
        var lines = bindings.lines
        for line in top.scene.keyHelp where !bindings.bound.contains(line.key) {
            lines.append(line)
        }
        return lines
    }

    /// The help lines of a scene's bindings and of the storyboard-wide ones it does not override, and
    /// the keys they name: made from the storyboard alone, so kept per scene, whether it can go back
    /// and the wide bindings it leaves alone (the window asks at every frame, and a key such as Enter
    /// goes back and forth between two scenes).
    struct BindingHelp {
        struct Key: Hashable {
            var scene: String
            var canGoBack: Bool
            var wide: [KeyBinding]
            var rootTitle: String
        }
        var key: Key
        var lines: [KeyHelp]
        var bound: Set<String>
    }

    private func bindingHelp(for key: BindingHelp.Key) -> BindingHelp {
        let definition = runtime.storyboard.scene(key.scene)
        var lines: [KeyHelp] = []
        if let help = definition?.help { lines.append(KeyHelp(key: "", summary: help)) }
        var bound: Set<String> = []
        let canGoBack = key.canGoBack
        for binding in (definition?.bindings ?? []) + key.wide where !bound.contains(binding.key.name) {
            // At the root, `back` has nowhere to go: the scene's own use of the key (Esc clears a
            // filter) is what the key does there.
            if !canGoBack && isStandardBack(binding.target) { continue }
            bound.insert(binding.key.name)
            let line = KeyHelp(key: binding.key.name, summary: summary(of: binding.target))
            // Keys that do the same thing share a line ("j/down  down"), as in the status bar.
            if let index = lines.firstIndex(where: { !$0.key.isEmpty && $0.summary == line.summary }) {
                lines[index] = KeyHelp(key: lines[index].key + "/" + line.key, summary: line.summary)
            } else {
                lines.append(line)
            }
        }
        return BindingHelp(key: key, lines: lines, bound: bound)
    }

    /// What a binding's target does, in words: a segue's help or destination title, an action's summary.
    func summary(of target: String) -> String {
        let storyboard = runtime.storyboard
        if let segue = storyboard.segue(target) {
            if let help = segue.help { return help }
            switch segue.destination {
            case .previous: return "Back"
            case .root: return "Back to \(entries[0].context.title)"
            case .context(let name): return name
            case .scene(let identifier):
                let title = storyboard.scene(identifier)?.title ?? identifier
                return segue.kind == .unwind ? "Back to \(title)" : title
            }
        }
        let kind = storyboard.scene(top.identifier).flatMap { runtime.registry.kind(named: $0.kind) }
        return kind?.action(named: target)?.summary ?? runtime.registry.flowAction(named: target)?.summary
            ?? StandardAction(rawValue: target)?.summary ?? target
    }
}
