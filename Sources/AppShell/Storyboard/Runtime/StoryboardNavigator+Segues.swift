/// Performing segues and actions: from keys, from a scene's context, and from code (the App Controller).
extension StoryboardNavigator {
    // MARK: From code

    /// Performs the segue from the nearest scene on the stack it starts from (going back to that scene
    /// first if it is covered), with the value that scene offers. Throws `StoryboardRuntimeError`.
    public func performSegue(_ identifier: String) throws {
        try performFromStack(identifier, value: nil)
    }

    /// Performs the segue like `performSegue(_:)` but passes `value` to the destination, e.g. the App
    /// Controller showing an entry's details: `try navigator.performSegue("showDetail", with: entry)`.
    public func performSegue<Value>(_ identifier: String, with value: Value) throws {
        try performFromStack(identifier, value: value)
    }

    /// Runs an action of the visible scene's kind, or a flow action, by name.
    public func performAction(_ name: String) throws {
        try perform(target: name, from: top)
    }

    /// Hands `value` to the nearest scene whose kind accepts it (`.accepting(type)`), as an unwind with
    /// `returns:` hands a value back: the way an answer from outside the storyboard (a day picked in
    /// another context) lands. Nearest means from what the user sees down: the navigators this one
    /// presented first, topmost first, then this one's stack. What covers that scene goes away first
    /// (navigators presented over it, scenes stacked on it), so the answer lands on the scene that
    /// accepts it whatever was on top. Throws `StoryboardRuntimeError.noSceneAccepts` when no scene on
    /// the way accepts it; nothing is taken away then.
    public func deliver<Value>(_ value: Value, as type: SegueValueType<Value>) throws {
        guard let (navigator, index) = nearestScene(accepting: type.name) else {
            throw StoryboardRuntimeError.noSceneAccepts(valueName: type.name)
        }
        navigator.dismissPresentedNavigators()
        if index < navigator.entries.count - 1 { navigator.pop(toIndex: index) }
        navigator.entries[index].accept(named: type.name, value: value)
    }

    /// The navigator and stack index of the nearest scene accepting `name` (see ``deliver(_:as:)``).
    private func nearestScene(accepting name: String) -> (StoryboardNavigator, Int)? {
        if let presented = presentedNavigator?.nearestScene(accepting: name) { return presented }
        return entries.lastIndex { $0.accepts(named: name) }.map { (self, $0) }
    }

    private func performFromStack(_ identifier: String, value: Any?) throws {
        guard let segue = runtime.storyboard.segue(identifier) else {
            throw StoryboardRuntimeError.unknownSegue(identifier)
        }
        guard let index = entries.lastIndex(where: { segue.sources.contains($0.identifier) }) else {
            throw StoryboardRuntimeError.segueNotFromScene(segue: identifier, scene: top.identifier)
        }
        // The source must be what the user sees: first take away what this navigator presented
        // (a picker, a modal details) and what is stacked on the source.
        dismissPresentedNavigators()
        if index < entries.count - 1 { pop(toIndex: index) }
        try perform(segue, from: entries[index], value: value)
    }

    /// Dismisses the navigators presented from this one, the topmost first.
    private func dismissPresentedNavigators() {
        guard let child = presentedNavigator else { return }
        child.dismissPresentedNavigators()
        child.dismiss()
        presentedNavigator = nil
    }

    /// From a scene's context: the scene must be the visible one and a source of the segue.
    func performSegue(_ identifier: String, fromInstance instanceID: Int, value: Any?) throws {
        if isTransitioning {
            // A scene asking while it appears: run it once the current transition is complete.
            pending.append(PendingSegue(identifier: identifier, instanceID: instanceID, value: value))
            return
        }
        guard let segue = runtime.storyboard.segue(identifier) else {
            throw StoryboardRuntimeError.unknownSegue(identifier)
        }
        guard let entry = entries.last(where: { $0.context.instanceID == instanceID }) else {
            throw StoryboardRuntimeError.sceneNotVisible(scene: identifier)
        }
        guard entry === top else { throw StoryboardRuntimeError.sceneNotVisible(scene: entry.identifier) }
        guard segue.sources.contains(entry.identifier) else {
            throw StoryboardRuntimeError.segueNotFromScene(segue: identifier, scene: entry.identifier)
        }
        try perform(segue, from: entry, value: value)
    }

    // MARK: Targets of bindings

    /// A binding's target: a segue of the storyboard, else an action of the scene's kind, else a flow action.
    func perform(target: String, from entry: StoryboardSceneInstance) throws {
        if let segue = runtime.storyboard.segue(target) {
            try perform(segue, from: entry, value: nil)
        } else if entry.performAction(named: target) {
            return
        } else if let flowAction = runtime.registry.flowActions[target] {
            if let context = flowAction.presentsContext {
                guard let presenter else { throw StoryboardRuntimeError.noPresenter(segue: target) }
                try presenter.presentContext(named: context)
            } else {
                flowAction.perform(runtime.environment)
            }
        } else if let standard = StandardAction(rawValue: target) {
            perform(standard, in: entry)
        } else {
            throw StoryboardRuntimeError.unknownAction(target)
        }
    }

    /// Help, back, repaint, or a movement sent to the scene as the key it moves on.
    private func perform(_ action: StandardAction, in entry: StoryboardSceneInstance) {
        switch action {
        case .help:
            presenter?.toggleHelp()
        case .repaint:
            presenter?.requestRepaint()
        case .back:
            goBack()
        case .down, .up, .pageDown, .pageUp, .first, .last:
            if let key = action.canonicalKey { _ = entry.scene.handle(key) }
        }
    }

    // MARK: Transitions

    /// Performs one segue, then the segues appearing scenes asked for meanwhile, up to the runtime's
    /// limit: a storyboard whose scenes keep moving on as they appear stops with a status message.
    func perform(_ segue: SegueDefinition, from entry: StoryboardSceneInstance, value: Any?) throws {
        try transition(segue, from: entry, value: value)
        guard !isDrainingPending else { return }  // the outermost call runs the queue
        isDrainingPending = true
        defer { isDrainingPending = false }
        var chained = 0
        while !pending.isEmpty {
            let next = pending.removeFirst()
            chained += 1
            guard chained <= runtime.maximumNestedSegues else {
                pending.removeAll()
                report(StoryboardRuntimeError.segueLoop(segue: next.identifier).description)
                return
            }
            do {
                try performSegue(next.identifier, fromInstance: next.instanceID, value: next.value)
            } catch {
                report(String(describing: error))
            }
        }
    }

    private func transition(_ segue: SegueDefinition, from entry: StoryboardSceneInstance, value: Any?) throws {
        isTransitioning = true
        defer { isTransitioning = false }
        guard segue.kind != .unwind else {
            try unwind(segue, from: entry)
            return
        }
        if let context = segue.destination.contextName {
            // Another context: the presenter (the App Controller, in an app) presents it.
            guard let presenter else { throw StoryboardRuntimeError.noPresenter(segue: segue.identifier) }
            try presenter.presentContext(named: context)
            return
        }
        guard let destination = segue.destination.sceneIdentifier else {
            throw StoryboardRuntimeError.unknownScene(segue.identifier)
        }
        let input = try self.value(for: segue, destination: destination, from: entry, given: value)
        switch segue.kind {
        case .push:
            let instance = try runtime.instantiate(destination, value: input, link: link)
            entries.append(instance)
            stack.push(instance.scene)
        case .replace:
            let instance = try runtime.instantiate(destination, value: input, link: link)
            entries[entries.count - 1] = instance
            stack.replaceTop(with: instance.scene)
        case .present:
            guard let presenter else { throw StoryboardRuntimeError.noPresenter(segue: segue.identifier) }
            let childLink = NavigatorLink()
            let instance = try runtime.instantiate(destination, value: input, link: childLink)
            let child = StoryboardNavigator(
                runtime: runtime, root: instance, link: childLink, presenter: presenter, status: status)
            child.parent = self
            presentedNavigator = child
            presenter.present(child)
        case .unwind:
            break  // handled above
        }
    }

    /// The value for the destination: the one given, else what the source offers for the destination's
    /// need. Nothing offered (an empty selection) throws `missingValue`, shown as a status message.
    private func value(
        for segue: SegueDefinition, destination: String, from entry: StoryboardSceneInstance, given: Any?
    ) throws -> Any? {
        if let given { return given }
        guard let kindName = runtime.storyboard.scene(destination)?.kind,
            let needs = runtime.registry.kind(named: kindName)?.needs
        else { return nil }
        guard let offered = entry.offeredValue(named: needs.name) else {
            throw StoryboardRuntimeError.missingValue(segue: segue.identifier, valueName: needs.name)
        }
        return offered
    }

    /// Goes back as the unwind says; with `returns:`, takes the value the source offers first (nothing
    /// offered: the unwind does not happen, as a push without a value does not) and hands it to the
    /// scene the user lands on.
    private func unwind(_ segue: SegueDefinition, from entry: StoryboardSceneInstance) throws {
        var returned: (name: String, value: Any)?
        if let name = segue.returns {
            guard let value = entry.offeredValue(named: name) else {
                throw StoryboardRuntimeError.missingValue(segue: segue.identifier, valueName: name)
            }
            returned = (name, value)
        }
        let landing: StoryboardNavigator
        switch segue.destination {
        case .previous:
            landing = goBackLanding()
        case .root:
            if entries.count > 1 { pop(toIndex: 0) }
            landing = self
        case .scene(let target):
            landing = try unwind(to: target, segue: segue.identifier)
        case .context(let name):
            // The parser makes no unwind into a context; a hand-built storyboard that does goes nowhere.
            throw StoryboardRuntimeError.unwindTargetNotFound(segue: segue.identifier, target: name)
        }
        if let returned {
            landing.top.accept(named: returned.name, value: returned.value)
        }
    }

    /// Back one scene, or out of this presented navigator at its root; the navigator now showing.
    private func goBackLanding() -> StoryboardNavigator {
        let leavesModal = entries.count == 1 && isPresented
        goBack()
        return leavesModal ? (parent ?? self) : self
    }

    private func unwind(to target: String, segue: String) throws -> StoryboardNavigator {
        if let index = entries.lastIndex(where: { $0.identifier == target }) {
            if index < entries.count - 1 { pop(toIndex: index) }
            return self
        } else if isPresented, let parent {
            dismiss()
            return try parent.unwind(to: target, segue: segue)
        } else {
            throw StoryboardRuntimeError.unwindTargetNotFound(segue: segue, target: target)
        }
    }

    /// Pops until the scene at `index` is on top.
    func pop(toIndex index: Int) {
        guard entries.indices.contains(index), index < entries.count - 1 else { return }
        stack.pop(to: entries[index].scene)
        entries.removeSubrange((index + 1)...)
    }

    /// Takes this navigator off the screen; the presenting navigator is exactly as it was.
    func dismiss() {
        guard isPresented else { return }
        presenter?.dismiss()
        parent?.presentedNavigator = nil
    }
}
