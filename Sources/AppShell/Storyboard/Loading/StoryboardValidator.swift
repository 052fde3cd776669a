/// Checks a parsed storyboard as a whole, and against the registry of its context when one is given:
/// scene kinds exist, segues connect existing scenes, each destination gets the value it needs from
/// every source, keys trigger segues of their scene or existing actions, unwind targets can be below
/// their source, and (warnings) every scene can be shown and no scenes replace each other in a cycle.
struct StoryboardValidator {
    let storyboard: Storyboard
    /// The context's registry; without one (linting the file's structure only) kinds, values and
    /// actions are not checked.
    let registry: StoryboardRegistry?
    /// Scenes and segues declared in the file but too broken to parse (already reported): references
    /// to them are not reported again.
    let incompleteScenes: Set<String>
    let incompleteSegues: Set<String>
    /// The app's contexts, by name, that a segue may lead into (`to: Calendar`); nil when the
    /// storyboard is checked alone and references are checked by the app's catalog instead.
    let contexts: [String]?
    /// The app's contexts by former name (`Journal`, now `Calendar`): a reference to one is refused
    /// naming the context now.
    let renamedContexts: RenamedContexts

    private var diagnostics: [StoryboardDiagnostic] = []
    private let paths: StoryboardPaths
    /// Lookups by identifier (the first declaration wins, as in `Storyboard.scene(_:)`).
    private let scenes: [String: SceneDefinition]
    private let segues: [String: SegueDefinition]

    init(
        storyboard: Storyboard, registry: StoryboardRegistry?,
        incompleteScenes: Set<String> = [], incompleteSegues: Set<String> = [], contexts: [String]? = nil,
        renamedContexts: RenamedContexts = RenamedContexts()
    ) {
        self.contexts = contexts
        self.renamedContexts = renamedContexts
        self.storyboard = storyboard
        self.registry = registry
        self.incompleteScenes = incompleteScenes
        self.incompleteSegues = incompleteSegues
        self.paths = StoryboardPaths(storyboard)
        self.scenes = Dictionary(storyboard.scenes.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.segues = Dictionary(storyboard.segues.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func scene(_ identifier: String) -> SceneDefinition? { scenes[identifier] }
    private func segue(_ identifier: String) -> SegueDefinition? { segues[identifier] }

    mutating func validate() -> [StoryboardDiagnostic] {
        diagnostics = []
        checkRegistry()
        checkInitialScene()
        storyboard.scenes.forEach { checkScene($0) }
        storyboard.segues.forEach { checkSegue($0) }
        checkGlobalBindings()
        checkSegueContracts()
        checkReachability()
        checkWaysOutOfModals()
        return diagnostics
    }

    // MARK: Reporting

    private mutating func report(
        _ severity: StoryboardDiagnostic.Severity, _ location: SourceLocation, _ message: String
    ) {
        diagnostics.append(
            StoryboardDiagnostic(
                severity, fileName: storyboard.fileName, line: location.line, column: location.column, message: message)
        )
    }

    /// A binding's problem, in the file that made the binding (keys.yaml for a personal one).
    private mutating func report(_ severity: StoryboardDiagnostic.Severity, _ binding: KeyBinding, _ message: String) {
        diagnostics.append(
            StoryboardDiagnostic(
                severity, fileName: binding.fileName ?? storyboard.fileName, line: binding.location.line,
                column: binding.location.column, message: message))
    }

    private func sceneExists(_ identifier: String) -> Bool {
        scene(identifier) != nil || incompleteScenes.contains(identifier)
    }

    private func unknownSceneHint(_ identifier: String) -> String {
        Suggestion.closest(to: identifier, among: storyboard.scenes.map(\.identifier)).map { "; did you mean `\($0)`?" }
            ?? ""
    }

    private func kind(of identifier: String) -> SceneKindDeclaration? {
        scene(identifier).flatMap { registry?.kind(named: $0.kind) }
    }

    // MARK: Checks

    private mutating func checkRegistry() {
        for duplicate in registry?.duplicateRegistrations ?? [] {
            report(
                .error, .file, "\(duplicate) is registered twice in the context's code; the first registration is used")
        }
    }

    private mutating func checkInitialScene() {
        let initial = storyboard.initialSceneIdentifier
        guard !initial.isEmpty else { return }  // missing: reported by the parser
        guard sceneExists(initial) else {
            report(
                .error, storyboard.initialLocation,
                "initial scene `\(initial)` is not a scene of this storyboard"
                    + unknownSceneHint(initial))
            return
        }
        if let needs = kind(of: initial)?.needs, let scene = scene(initial) {
            report(
                .error, storyboard.initialLocation,
                "initial scene `\(initial)` (kind \(scene.kind)) needs "
                    + "\(needs), but the initial scene is created without a value")
        }
    }

    private mutating func checkScene(_ scene: SceneDefinition) {
        let declaration = registry?.kind(named: scene.kind)
        if let registry, declaration == nil {
            let names = registry.kindDeclarations.map(\.name)
            let hint =
                registry.formerNames[scene.kind].map { "it is now named `\($0)`: write `kind: \($0)`" }
                ?? Suggestion.closest(to: scene.kind, among: names).map { "did you mean `\($0)`?" }
                ?? "registered kinds: \(names.isEmpty ? "none" : names.joined(separator: ", "))"
            report(.error, scene.kindLocation, "scene `\(scene.identifier)` has unknown kind `\(scene.kind)`; \(hint)")
        }
        for binding in scene.bindings {
            checkBinding(binding, in: scene, declaration: declaration)
        }
    }

    private mutating func checkBinding(
        _ binding: KeyBinding, in scene: SceneDefinition, declaration: SceneKindDeclaration?
    ) {
        let target = binding.target
        let place = "key `\(binding.keyName)` in scene `\(scene.identifier)`"
        if reportWindowKey(binding, place: place) { return }
        let kindAction = declaration?.action(named: target)
        let flowAction = registry?.flowAction(named: target)
        if let segue = segue(target) {
            if kindAction != nil || flowAction != nil {
                report(.error, binding, "\(place) is ambiguous: `\(target)` is both a segue and an action")
            } else if !segue.sources.contains(scene.identifier) {
                let sources = segue.sources.map { "`\($0)`" }.joined(separator: ", ")
                report(
                    .error, binding,
                    "\(place) triggers segue `\(target)`, which starts from "
                        + "\(sources), not from `\(scene.identifier)`")
            }
            return
        }
        // Without a registry actions cannot be known; a broken segue or an unknown kind is already reported.
        guard let registry, let declaration, !incompleteSegues.contains(target) else { return }
        if kindAction != nil, flowAction != nil {
            report(
                .error, binding,
                "\(place) is ambiguous: `\(target)` is both an action of kind "
                    + "\(scene.kind) and a flow action")
        }
        guard kindAction == nil, flowAction == nil, StandardAction(rawValue: target) == nil else { return }
        let candidates =
            storyboard.segues.map(\.identifier) + declaration.actions.map(\.name)
            + registry.flowActionDeclarations.map(\.name) + StandardAction.allCases.map(\.rawValue)
        let hint =
            renamedHint(target) ?? Suggestion.closest(to: target, among: candidates).map { "; did you mean `\($0)`?" }
            ?? ""
        report(
            .error, binding,
            "\(place) is bound to `\(target)`, which is neither a segue, an action of "
                + "kind \(scene.kind), a flow action nor a standard action\(hint)")
    }

    private mutating func checkSegue(_ segue: SegueDefinition) {
        let name = "segue `\(segue.identifier)`"
        if segue.returns != nil { checkReturnedValue(of: segue) }
        for (source, location) in zip(segue.sources, segue.sourceLocations) where !sceneExists(source) {
            report(.error, location, "\(name) comes from unknown scene `\(source)`" + unknownSceneHint(source))
        }
        if segue.kind == .unwind, segue.destination == .previous { checkSomethingIsBelow(segue) }
        if let context = segue.destination.contextName { return checkReference(segue, to: context) }
        guard let destination = segue.destination.sceneIdentifier else { return }
        guard sceneExists(destination) else {
            let verb = segue.kind == .unwind ? "unwinds to" : "goes to"
            report(
                .error, segue.destinationLocation,
                "\(name) \(verb) unknown scene `\(destination)`"
                    + unknownSceneHint(destination))
            return
        }
        if segue.kind == .unwind {
            checkUnwindTarget(segue, target: destination)
        } else {
            checkValue(of: segue, destination: destination)
        }
    }

    /// A segue into another context presents it (the context runs in a navigator of its own), names a
    /// context of the app when the app's contexts are known, and never its own context.
    private mutating func checkReference(_ segue: SegueDefinition, to written: String) {
        let name = "segue `\(segue.identifier)`"
        // `Settings.entries`: a scene of another context. That the scene exists is checked across
        // storyboards (StoryboardReferences); here, that the reference is written as one.
        let reference = ContextReference(written)
        let context = reference.context
        if let scene = reference.scene, scene.isEmpty || scene.contains(".") {
            report(
                .error, segue.destinationLocation,
                "\(name) goes to `\(written)`; a reference names a context, or a "
                    + "context and one of its scenes after a dot (`\(context)` or `\(context).scene`)")
            return
        }
        if segue.kind != .present {
            report(
                .error, segue.location,
                "\(name) leads into the context `\(context)`, which only a `present` can "
                    + "do (a context runs in a navigator of its own); write `kind: present`")
        }
        guard let contexts else { return }
        if context == storyboard.name {
            report(
                .error, segue.destinationLocation,
                "\(name) presents its own context `\(context)`; name one of "
                    + "its scenes instead")
        } else if !contexts.contains(context), let renamed = renamedContexts.renamed(context) {
            let now = reference.scene.map { "\(renamed.current).\($0)" } ?? renamed.current
            report(
                .error, segue.destinationLocation,
                "\(name) goes to `\(written)`: the context `\(renamed.former)` is now named `\(renamed.current)`; "
                    + "write `to: \(now)`")
        } else if !contexts.contains(context) {
            let candidates = contexts.filter { $0 != storyboard.name } + storyboard.scenes.map(\.identifier)
            let hint = Suggestion.closest(to: context, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
            let known = contexts.filter { $0 != storyboard.name }.sorted().map { "`\($0)`" }.joined(separator: ", ")
            report(
                .error, segue.destinationLocation,
                "\(name) goes to `\(context)`, which is neither a scene of "
                    + "this storyboard nor a context of the app (\(known.isEmpty ? "none other" : known))\(hint)")
        }
    }

    /// "; it is now named `showCalendar`" when the registry records `target` as a former name.
    private func renamedHint(_ target: String) -> String? {
        registry?.formerNames[target].map { "; it is now named `\($0)`" }
    }

    /// An unwind one step back from a scene that nothing is ever below (a root no segue shows) would
    /// show a key that does nothing: a warning.
    private mutating func checkSomethingIsBelow(_ segue: SegueDefinition) {
        // A scene no path reaches has its own warning ("never shown").
        for (source, location) in zip(segue.sources, segue.sourceLocations)
        where scene(source) != nil && paths.reachable.contains(source) {
            let shown = storyboard.segues.contains { $0.kind != .unwind && $0.destination.sceneIdentifier == source }
            if !shown {
                report(
                    .warning, location,
                    "segue `\(segue.identifier)` goes back from `\(source)`, but no segue shows "
                        + "`\(source)`, so nothing is ever below it: its keys do nothing there")
            }
        }
    }

    private mutating func checkUnwindTarget(_ segue: SegueDefinition, target: String) {
        // A source no path reaches has its own warning; what could be below it is unknown. (Without a
        // valid initial scene nothing is reachable, and every source is checked.)
        let initialExists = scene(storyboard.initialSceneIdentifier) != nil
        for (source, location) in zip(segue.sources, segue.sourceLocations)
        where scene(source) != nil && (!initialExists || paths.reachable.contains(source)) {
            guard !paths.possibleAncestors[source, default: []].contains(target) else { continue }
            report(
                .error, location,
                "segue `\(segue.identifier)` unwinds from `\(source)` to `\(target)`, but no "
                    + "path of segues puts `\(target)` below `\(source)`")
        }
    }

    /// Every source must offer the value the destination's kind needs, with the same type.
    private mutating func checkValue(of segue: SegueDefinition, destination: String) {
        guard let destinationScene = scene(destination), let needs = kind(of: destination)?.needs else {
            return
        }
        for (source, location) in zip(segue.sources, segue.sourceLocations) {
            guard let sourceScene = scene(source), let sourceKind = kind(of: source) else { continue }
            let intro =
                "segue `\(segue.identifier)` goes to `\(destination)` (kind \(destinationScene.kind)), which "
                + "needs \(needs), but `\(source)` (kind \(sourceScene.kind))"
            if let offer = sourceKind.offer(named: needs.name) {
                if offer != needs {
                    report(.error, location, "\(intro) offers \(offer), a different type")
                }
            } else {
                let offers =
                    sourceKind.offers.isEmpty
                    ? "offers no value"
                    : "offers only " + sourceKind.offers.map(\.description).joined(separator: ", ")
                report(.error, location, "\(intro) \(offers)")
            }
        }
    }

    /// `returns:` belongs to unwinds; every source offers the value, and every scene the unwind may land
    /// on accepts it with the same type.
    private mutating func checkReturnedValue(of segue: SegueDefinition) {
        guard let name = segue.returns else { return }
        let intro = "segue `\(segue.identifier)` returns `\(name)`"
        guard segue.kind == .unwind else {
            report(
                .error, segue.returnsLocation,
                "\(intro), but only an `unwind` can hand a value back (to the scene it "
                    + "lands on); a \(segue.kind.rawValue) passes the value its destination needs by itself")
            return
        }
        guard let registry else { return }
        var returned: SegueValueDescriptor?
        for (source, location) in zip(segue.sources, segue.sourceLocations) {
            guard let sourceScene = scene(source), let sourceKind = registry.kind(named: sourceScene.kind) else {
                continue
            }
            if let offer = sourceKind.offer(named: name) {
                returned = returned ?? offer
            } else {
                report(.error, location, "\(intro), but `\(source)` (kind \(sourceScene.kind)) offers no `\(name)`")
            }
        }
        guard let returned else { return }
        for landing in landingScenes(of: segue) {
            guard let landingScene = scene(landing), let landingKind = registry.kind(named: landingScene.kind) else {
                continue
            }
            let accepted = landingKind.accept(named: name)
            if accepted == returned { continue }
            let problem = accepted.map { "accepts \($0), a different type" } ?? "does not accept it"
            report(
                .error, segue.returnsLocation,
                "\(intro) (\(returned.typeName)) "
                    + "and may land on `\(landing)` (kind \(landingScene.kind)), which \(problem); "
                    + "return it to a scene whose kind accepts `\(name)`, or leave `returns:` out")
        }
    }

    /// The scenes an unwind may land on: its target, the root, or (back one) each scene the sources
    /// are shown from, through replaces.
    private func landingScenes(of segue: SegueDefinition) -> [String] {
        switch segue.destination {
        case .scene(let target):
            return [target]
        case .context:
            return []  // not an unwind: the other context answers through its App Controller
        case .root:
            let roots =
                [storyboard.initialSceneIdentifier]
                + storyboard.segues.filter { $0.kind == .present }
                .compactMap(\.destination.sceneIdentifier)
            let below = segue.sources.reduce(into: Set<String>()) {
                $0.formUnion(paths.possibleAncestors[$1, default: []])
            }
            return Array(Set(roots).intersection(below)).sorted()
        case .previous:
            var landings: Set<String> = []
            var visited: Set<String> = []
            var queue = segue.sources
            while let scene = queue.popLast() {
                guard visited.insert(scene).inserted else { continue }
                for forward in storyboard.segues where forward.destination.sceneIdentifier == scene {
                    // A replace puts its destination where its source was: go on from what was below it.
                    if forward.kind == .replace {
                        queue += forward.sources
                    } else if forward.kind != .unwind {
                        landings.formUnion(forward.sources)
                    }
                }
            }
            return landings.sorted()
        }
    }

    private mutating func checkGlobalBindings() {
        for binding in storyboard.globalBindings {
            let place = "storyboard-wide key `\(binding.keyName)`"
            if reportWindowKey(binding, place: place) { continue }
            if segue(binding.target) != nil {
                report(
                    .error, binding,
                    "\(place) triggers segue `\(binding.target)`; storyboard-wide keys "
                        + "may only trigger flow actions and standard actions (bind segues in the scenes they start from)"
                )
            } else if let registry, registry.flowAction(named: binding.target) == nil,
                StandardAction(rawValue: binding.target) == nil
            {
                let names = registry.flowActionDeclarations.map(\.name) + StandardAction.allCases.map(\.rawValue)
                let hint =
                    renamedHint(binding.target)
                    ?? Suggestion.closest(to: binding.target, among: names).map { "; did you mean `\($0)`?" } ?? ""
                report(
                    .error, binding,
                    "\(place) is bound to `\(binding.target)`, which is neither a flow "
                        + "action nor a standard action\(hint)")
            }
        }
    }

    /// Keys the window takes before any scene (Ctrl-C quits): binding them would show a hint that never
    /// works. (Ctrl-L is the storyboards' own: `ctrl-l: repaint`.)
    static let windowKeys: [Key: String] = [.control("c"): "always quits"]

    /// Reports a binding of a window key; true when it was one.
    private mutating func reportWindowKey(_ binding: KeyBinding, place: String) -> Bool {
        guard let what = Self.windowKeys[binding.key] else { return false }
        report(.error, binding, "\(place) cannot be bound: the window takes it before any scene (it \(what))")
        return true
    }

    /// The segues the context's code performs by identifier exist and lead where the code's value can go.
    private mutating func checkSegueContracts() {
        for contract in registry?.segueContracts ?? [] where !incompleteSegues.contains(contract.identifier) {
            guard let segue = segue(contract.identifier) else {
                let missing =
                    "the context's code performs segue `\(contract.identifier)` (it \(contract.purpose)), "
                    + "but the storyboard has no such segue"
                if contract.isRequired {
                    report(.error, storyboard.seguesLocation, "\(missing); add one, e.g. `\(contract.example)`")
                } else {
                    report(
                        .warning, storyboard.seguesLocation,
                        "\(missing): \(contract.whenMissing ?? "it is skipped"); "
                            + "to have it, add e.g. `\(contract.example)`")
                }
                continue
            }
            checkContract(contract, segue: segue)
        }
    }

    private mutating func checkContract(_ contract: SegueContract, segue: SegueDefinition) {
        let name = "segue `\(segue.identifier)`"
        switch contract.direction {
        case .unwind:
            if segue.kind != .unwind {
                report(
                    .error, segue.location,
                    "\(name) must be an `unwind`: the context's code performs it to go back "
                        + "(it \(contract.purpose)); e.g. `\(contract.example)`")
            }
        case .forward(let value):
            if segue.kind == .replace {
                report(
                    .error, segue.location,
                    "\(name) cannot be a `replace`: the context's code performs it from "
                        + "wherever the user is, going back to its source first, and a replace takes its source away; "
                        + "use push or present")
                return
            }
            guard segue.kind != .unwind else {
                report(
                    .error, segue.location,
                    "\(name) cannot be an `unwind`: the context's code performs it with "
                        + "\(value) (it \(contract.purpose)), so it must lead to a scene that needs it; e.g. `\(contract.example)`"
                )
                return
            }
            guard let destination = segue.destination.sceneIdentifier, let scene = scene(destination),
                let kind = kind(of: destination)
            else { return }  // an unknown scene or kind is reported already
            if let needs = kind.needs, needs == value { return }
            let needsText = kind.needs.map { "needs \($0)" } ?? "needs no value"
            report(
                .error, segue.destinationLocation,
                "\(name) goes to `\(destination)` (kind \(scene.kind)), which "
                    + "\(needsText), but the context's code performs it with \(value) (it \(contract.purpose)); "
                    + "lead it to a scene whose kind needs \(value)")
        }
    }

    /// A pushed or presented scene whose keys lead nowhere back traps the user (Ctrl-C aside): a
    /// warning, once per scene.
    private mutating func checkWaysOutOfModals() {
        var warned: Set<String> = []
        for present in storyboard.segues where present.kind == .present || present.kind == .push {
            guard let identifier = present.destination.sceneIdentifier, let scene = scene(identifier),
                !warned.contains(identifier)
            else { continue }
            let sceneKeys = Set(scene.bindings.map(\.key))
            let effective = scene.bindings + storyboard.globalBindings.filter { !sceneKeys.contains($0.key) }
            let leaves = effective.contains { binding in
                if let segue = segue(binding.target) {
                    return segue.kind == .unwind && segue.sources.contains(identifier)
                }
                return binding.target == StandardAction.back.rawValue
                    || registry?.flowAction(named: binding.target) != nil
            }
            if !leaves {
                warned.insert(identifier)
                let shown = present.kind == .present ? "presented" : "pushed"
                report(
                    .warning, scene.location,
                    "scene `\(identifier)` is \(shown) (segue `\(present.identifier)`) but no "
                        + "key leads back out of it; bind one, e.g. `esc: back`")
            }
        }
    }

    private mutating func checkReachability() {
        guard sceneExists(storyboard.initialSceneIdentifier) else { return }
        for scene in storyboard.scenes where !paths.reachable.contains(scene.identifier) {
            report(
                .warning, scene.location,
                "scene `\(scene.identifier)` is never shown: no segue from the initial "
                    + "scene leads to it (instantiate it from code, add a segue, or remove it)")
        }
        for cycle in StoryboardPaths.replaceCycles(in: storyboard) {
            let location =
                storyboard.segues.first {
                    $0.kind == .replace && $0.sources.contains(cycle[0])
                }?.location ?? .file
            let path = cycle.map { "`\($0)`" }.joined(separator: " → ")
            report(
                .warning, location,
                "scenes replace each other in a cycle (\(path)): the user can go round it "
                    + "forever and never back to a scene before it; if that is a toggle, it is fine")
        }
    }
}
