/// The contexts an app has renamed, by former name (`Journal`, now `Calendar`), gathered from their
/// registries (``StoryboardRegistry/formerContextNames``). A keys file's section, an override file, a
/// storyboard's name, a reference (`to: Journal`) or a `--context` value still written with a former
/// name is refused with the name to write instead: it is never taken for another context, never
/// reported as merely unknown with a wrong guess, and never ignored.
public struct RenamedContexts: Sendable, Hashable {
    /// The name now, by former name as the context's registry wrote it.
    public var names: [String: String]

    /// Renames by former name; none by default.
    public init(_ names: [String: String] = [:]) {
        self.names = names
    }

    /// The former names of every context of `registries` (by context name).
    public init(registries: [String: StoryboardRegistry]) {
        var names: [String: String] = [:]
        for (context, registry) in registries {
            for former in registry.formerContextNames { names[former] = context }
        }
        self.names = names
    }

    /// The former name (as registered) and the name now, when `name` is a former name in any case
    /// (`journal` as a `--context` value is `Journal`).
    public func renamed(_ name: String) -> (former: String, current: String)? {
        if let current = names[name] { return (name, current) }
        return names.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }.map { ($0.key, $0.value) }
    }

    /// "the context `Journal` is now named `Calendar`", when `name` is a former name.
    public func sentence(for name: String) -> String? {
        renamed(name).map { "the context `\($0.former)` is now named `\($0.current)`" }
    }
}
