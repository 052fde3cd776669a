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

        // Propagation with a work list: push/present put the source (and what is below it) under the
        // destination; replace puts what is below the source under the destination. A scene is looked
        // at again only when what may be below it grew, so a long chain costs one pass, not one per link.
        var outgoing: [String: [(destination: String, keepsSource: Bool)]] = [:]
        for segue in forward {
            guard let destination = segue.destination.sceneIdentifier else { continue }
            for source in segue.sources {
                outgoing[source, default: []].append((destination, segue.kind != .replace))
            }
        }
        var ancestors: [String: Set<String>] = [:]
        var work = Array(Set(outgoing.keys)).sorted()
        var queued = Set(work)
        var next = 0
        while next < work.count {
            let scene = work[next]
            next += 1
            queued.remove(scene)
            for edge in outgoing[scene, default: []] {
                var below = ancestors[scene, default: []]
                if edge.keepsSource { below.insert(scene) }
                let before = ancestors[edge.destination, default: []]
                guard !below.isSubset(of: before) else { continue }
                ancestors[edge.destination] = before.union(below)
                if queued.insert(edge.destination).inserted { work.append(edge.destination) }
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
