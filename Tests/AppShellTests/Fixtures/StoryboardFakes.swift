import AppShell
import XCTest

// `onMainActor` (Support/TestScenes.swift) runs test bodies on the main actor.

// Small scene kinds for the storyboard tests. They know nothing of each other and nothing of any
// storyboard: they get their inputs through initializers, as real contexts' scenes do.

/// The value passed along segues in the tests.
struct Item: Hashable, Sendable {
    var id: Int
    var name: String
}

extension SegueValueType where Value == Item {
    static let item = SegueValueType("item")
}

extension SegueValueType where Value == String {
    static let query = SegueValueType("query")
}

/// What fake scenes record, shared by a test: appearances, actions, flow actions.
@MainActor
final class SceneJournal {
    var events: [String] = []
}

/// A list of items with a selection; offers the selected item (nil when empty).
@MainActor
final class FakeListScene: TextInputScene {
    let title: String
    let items: [Item]
    var selection = 0
    /// `/` starts typing a filter (every key then goes here first); Enter or Esc ends it.
    private(set) var isCapturingText = false
    private(set) var typed = ""
    let journal: SceneJournal

    init(title: String, items: [Item], journal: SceneJournal) {
        self.title = title
        self.items = items
        self.journal = journal
    }

    var selectedItem: Item? { items.indices.contains(selection) ? items[selection] : nil }

    func render(into buffer: inout Buffer, area: Rect) {
        buffer[area.x, area.y] = Cell(text: "L")
    }

    func handle(_ key: Key) -> Bool {
        if isCapturingText {
            switch key {
            case .enter, .escape: isCapturingText = false
            case .character(let character): typed.append(character)
            default: return false
            }
            return true
        }
        switch key {
        case .character("/"): isCapturingText = true
        case .character("j"): selection = min(selection + 1, max(items.count - 1, 0))
        case .character("k"): selection = max(selection - 1, 0)
        default: return false
        }
        return true
    }

    func sceneWillAppear() { journal.events.append("appear \(title)") }
    func sceneDidDisappear() { journal.events.append("disappear \(title)") }
    var keyHelp: [KeyHelp] { [KeyHelp(key: "j", summary: "Next"), KeyHelp(key: "k", summary: "Previous")] }
}

/// Shows one item; offers it on.
@MainActor
final class FakeItemScene: Scene {
    let title: String
    let item: Item
    let journal: SceneJournal

    init(title: String, item: Item, journal: SceneJournal) {
        self.title = title
        self.item = item
        self.journal = journal
    }

    func render(into buffer: inout Buffer, area: Rect) {
        buffer[area.x, area.y] = Cell(text: "I")
    }

    func handle(_ key: Key) -> Bool { false }
    func sceneWillAppear() { journal.events.append("appear \(title) \(item.name)") }
    func sceneDidDisappear() { journal.events.append("disappear \(title) \(item.name)") }
}

/// A scene with no input that offers nothing (a banner, a settings page).
@MainActor
final class FakePlainScene: Scene {
    let title: String
    let journal: SceneJournal
    /// Set by tests: a segue this scene performs by itself as it appears (a scene that moves on).
    var segueOnAppear: String?
    let context: StoryboardSceneContext

    init(title: String, journal: SceneJournal, context: StoryboardSceneContext) {
        self.title = title
        self.journal = journal
        self.context = context
    }

    func render(into buffer: inout Buffer, area: Rect) {
        buffer[area.x, area.y] = Cell(text: "P")
    }

    func handle(_ key: Key) -> Bool {
        if key == .backspace {
            journal.events.append("\(title) took backspace")
            return true
        }
        return false
    }

    func sceneWillAppear() {
        journal.events.append("appear \(title)")
        if let segueOnAppear {
            do { try context.performSegue(segueOnAppear) } catch { journal.events.append("error \(error)") }
        }
    }
}

/// A modal presenter standing in for the Window: one presented scene at a time.
@MainActor
final class FakePresenter: ModalPresenter {
    private(set) var presentedScene: (any Scene)?
    var presentCount = 0
    var repaintRequests = 0

    func requestRepaint() {
        repaintRequests += 1
    }

    func present(_ scene: any Scene) {
        presentCount += 1
        presentedScene = scene
        scene.sceneWillAppear()
    }

    func dismiss() {
        presentedScene?.sceneDidDisappear()
        presentedScene = nil
    }

    /// The contexts this presenter has (none by default: it then says so, as a presenter of a context
    /// embedded alone does), and the ones it was asked to present, in order.
    var knownContexts: Set<String> = []
    private(set) var contextsPresented: [String] = []

    func presentContext(named name: String) throws {
        guard knownContexts.contains(name) else { throw StoryboardRuntimeError.noSuchContext(name) }
        contextsPresented.append(name)
    }

    /// Where the window sends keys: the presented scene first, else the root.
    func route(_ key: Key, root: any Scene) -> Bool {
        (presentedScene ?? root).handle(key)
    }
}

/// The registry the tests' storyboards are validated against: the "compiled code" that alternative
/// storyboards rewire.
@MainActor
struct FakeContext {
    let journal = SceneJournal()
    var items = [Item(id: 1, name: "alpha"), Item(id: 2, name: "beta")]
    var statuses: [String] = []

    func registry() -> StoryboardRegistry {
        let journal = journal
        let items = items
        var registry = StoryboardRegistry()
        registry.register(
            SceneKind("ItemList") { context in FakeListScene(title: context.title, items: items, journal: journal) }
                .offering(.item) { $0.selectedItem }
                .accepting(.query) { scene, query in journal.events.append("\(scene.title) accepted \(query)") }
                .action("refresh", summary: "Reload the list") { scene in
                    journal.events.append("refresh \(scene.title)")
                })
        registry.register(
            SceneKind("ItemDetail", needs: .item) { item, context in
                FakeItemScene(title: context.title, item: item, journal: journal)
            }
            .offering(.item) { $0.item })
        registry.register(
            SceneKind("ItemMore", needs: .item) { item, context in
                FakeItemScene(title: context.title, item: item, journal: journal)
            }
            .offering(.item) { $0.item })
        registry.register(
            SceneKind("Plain") { context in FakePlainScene(title: context.title, journal: journal, context: context) })
        registry.register(
            SceneKind("Search") { context in FakePlainScene(title: context.title, journal: journal, context: context) }
                .offering(.query) { _ in "needle" })
        registry.registerFlowAction("quit", summary: "Quit") { journal.events.append("quit") }
        registry.registerFlowAction("showSettings", summary: "Settings") { journal.events.append("showSettings") }
        return registry
    }
}

/// A navigator over a fixture storyboard with the fake context, driven by key names as a user would.
@MainActor
final class StoryboardHarness {
    let context: FakeContext
    let presenter = FakePresenter()
    private(set) var statuses: [String] = []
    private(set) var navigator: StoryboardNavigator?
    let runtime: StoryboardRuntime

    init(_ text: String, fileName: String = "Demo.storyboard", items: [Item]? = nil) throws {
        var context = FakeContext()
        if let items { context.items = items }
        self.context = context
        let registry = context.registry()
        let storyboard = try StoryboardLoader(registry: registry).load(text: text, fileName: fileName)
        runtime = try StoryboardRuntime(storyboard: storyboard, registry: registry)
        let navigator = try runtime.makeNavigator(presenter: presenter) { [weak self] in self?.statuses.append($0) }
        self.navigator = navigator
    }

    var root: StoryboardNavigator {
        get throws {
            guard let navigator else { throw StoryboardRuntimeError.notInNavigator(scene: "harness") }
            return navigator
        }
    }

    var journal: SceneJournal { context.journal }

    /// Presses keys by name; returns whether each was handled.
    @discardableResult
    func press(_ names: String...) throws -> [Bool] {
        let root = try self.root
        return try names.map { presenter.route(try Key(name: $0), root: root) }
    }

    /// The navigator the user sees: the presented one, else the root.
    var visible: StoryboardNavigator {
        get throws {
            if let presented = presenter.presentedScene as? StoryboardNavigator { return presented }
            return try root
        }
    }

    /// The identifiers of the visible navigator's stack.
    var visiblePath: [String] {
        get throws { try visible.sceneIdentifiers }
    }

    /// The item shown by the visible scene, if it shows one.
    var visibleItem: Item? {
        get throws { (try visible.topScene as? FakeItemScene)?.item }
    }
}

/// Loads a storyboard against the fake context's registry (throws its diagnostics on errors).
@MainActor
func loadWithFakeRegistry(_ text: String, fileName: String = "Demo.storyboard") throws -> Storyboard {
    try StoryboardLoader(registry: FakeContext().registry()).load(text: text, fileName: fileName)
}

/// Every diagnostic of a storyboard checked against the fake context's registry.
@MainActor
func diagnoseWithFakeRegistry(_ text: String, fileName: String = "Demo.storyboard") -> [StoryboardDiagnostic] {
    StoryboardLoader(registry: FakeContext().registry()).diagnose(.text(text, fileName: fileName)).diagnostics
}
