/// A flow action a host app gives a context it embeds: a name its storyboard can bind a key to
/// (`x: archive`), the summary the key hints and the help show, and what the host does. The context
/// registers it beside its own (``StoryboardRegistry/registerHostActions(_:)``), so the storyboard is checked
/// against it at load like any action: a binding to an action nobody registered is refused there, and
/// so is a host action named like one of the context's own.
public struct HostFlowAction {
    /// The name a storyboard binds (`archive`).
    public var name: String
    /// What the key does, in a word or two, for the key hints and the help (`archive`).
    public var summary: String
    /// What the host does when the key is pressed.
    public var perform: @MainActor () -> Void

    /// An action `name`, shown as `summary`, doing `perform`.
    public init(_ name: String, summary: String, perform: @escaping @MainActor () -> Void) {
        self.name = name
        self.summary = summary
        self.perform = perform
    }
}

extension StoryboardRegistry {
    /// Registers a host's flow actions beside the context's own; one named like an action already
    /// registered is a duplicate the storyboard's load reports.
    @MainActor
    public mutating func registerHostActions(_ actions: [HostFlowAction]) {
        for action in actions {
            registerFlowAction(action.name, summary: action.summary, perform: action.perform)
        }
    }
}
