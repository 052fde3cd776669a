/// The navigation paths a storyboard allows, computed from its segues: which scenes can be reached
/// from the initial scene, which scenes can be below a scene in the navigation stack (for unwind
/// targets), and cycles made only of `replace` segues.
struct StoryboardPaths {
    /// Scenes reachable from the initial scene through push, present and replace segues.
    let reachable: Set<String>
    /// For each scene, the scenes that may be below it in the stack (across modals too: an unwind
    /// from a presented scene may dismiss and go on in the presenting navigator).
    let possibleAncestors: [String: Set<String>]

    init(_ storyboard: Storyboard) {
        let forward = storyboard.segues.filter { $0.kind != .unwind }
        var reachable: Set<String> = [storyboard.initialSceneIdentifier]
        var queue = [storyboard.initialSceneIdentifier]
        while let scene = queue.popLast() {
            for segue in forward where segue.sources.contains(scene) {
                guard let destination = segue.destination.sceneIdentifier, reachable.insert(destination).inserted
                else { continue }
                queue.append(destination)
            }
        }
        self.reachable = reachable

        // Fixed point: push/present put the source (and what is below it) under the destination;
        // replace puts what is below the source under the destination. Sets only grow, so it ends.
        var ancestors: [String: Set<String>] = [:]
        var changed = true
        while changed {
            changed = false
            for segue in forward {
                guard let destination = segue.destination.sceneIdentifier else { continue }
                for source in segue.sources {
                    var below = ancestors[source, default: []]
                    if segue.kind != .replace { below.insert(source) }
                    let before = ancestors[destination, default: []]
                    let after = before.union(below)
                    if after.count != before.count {
                        ancestors[destination] = after
                        changed = true
                    }
                }
            }
        }
        self.possibleAncestors = ancestors
    }

    /// Cycles of scenes that replace each other (`a` → `b` → `a`), each once, as scene lists.
    static func replaceCycles(in storyboard: Storyboard) -> [[String]] {
        var edges: [String: [String]] = [:]
        for segue in storyboard.segues where segue.kind == .replace {
            guard let destination = segue.destination.sceneIdentifier else { continue }
            for source in segue.sources { edges[source, default: []].append(destination) }
        }
        var cycles: [[String]] = []
        var seen: Set<Set<String>> = []
        // Depth-first from each scene; a path that comes back to its start is a cycle. Storyboards are
        // small (tens of scenes), and each cycle is kept once whatever scene it was found from.
        for start in edges.keys.sorted() {
            var stack: [(scene: String, path: [String])] = [(start, [start])]
            var visited: Set<String> = []
            while let (scene, path) = stack.popLast() {
                for next in edges[scene, default: []] {
                    if next == start {
                        if seen.insert(Set(path)).inserted { cycles.append(path + [start]) }
                    } else if !visited.contains(next), path.count < 64 {
                        visited.insert(next)
                        stack.append((next, path + [next]))
                    }
                }
            }
        }
        return cycles
    }
}
