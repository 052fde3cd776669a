import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Every pair (scene, reference into another context), headless on the real factory: the move lands
/// on the scene the storyboard names, and the destination's answer lands where it belongs (a day on
/// the Entries list, an entry in its details, a closed context back on the scene it was opened
/// from), with nothing left over it. The pairs are enumerated from the loaded storyboards: those the
/// shipped storyboards have, then generated ones with a reference from every scene of every context
/// into every other context, which the shipped storyboards do not have.
final class ContextReferencePropertyTests: XCTestCase {
    /// A key no shipped storyboard binds, given to the generated references.
    static let referenceKey = "X"
    /// The context on screen at launch, under every other: not a destination (a reference into it is
    /// refused at start, `testAReferenceIntoTheRootContextIsRefusedAtStartWithItsLocation`).
    static let rootContext = "Entries"

    /// A scene of a context, and the keys that reach it from the context's initial scene.
    struct Place: CustomStringConvertible {
        var context: String
        var scene: String
        var keys: [String]
        var description: String { "\(context).\(scene)" }
    }

    /// The app's storyboards as the app loads them (the built-in ones), by context.
    @MainActor
    static func shippedStoryboards() throws -> [Storyboard] {
        try StoryboardCatalog().contexts.map { try StoryboardLoader(registry: $0.registry).load($0.source) }
    }

    /// The key that triggers `target` on `scene`: the scene's own binding, else a storyboard-wide one
    /// the scene does not shadow.
    static func key(for target: String, on scene: SceneDefinition, in storyboard: Storyboard) -> String? {
        if let own = scene.bindings.first(where: { $0.target == target }) { return own.keyName }
        return storyboard.globalBindings.first { global in
            global.target == target && !scene.bindings.contains { $0.key == global.key }
        }?.keyName
    }

    /// Every scene of `storyboard` reachable by keys from its initial scene (breadth first: the
    /// fewest keys), through the segues to its own scenes.
    static func places(in storyboard: Storyboard) -> [Place] {
        var found = [Place(context: storyboard.name, scene: storyboard.initialSceneIdentifier, keys: [])]
        var index = 0
        while index < found.count {
            let place = found[index]
            index += 1
            guard let scene = storyboard.scene(place.scene) else { continue }
            for segue in storyboard.segues where segue.sources.contains(place.scene) && segue.kind != .unwind {
                guard let next = segue.destination.sceneIdentifier, !found.contains(where: { $0.scene == next }),
                    let key = key(for: segue.identifier, on: scene, in: storyboard)
                else { continue }
                found.append(Place(context: storyboard.name, scene: next, keys: place.keys + [key]))
            }
        }
        return found
    }

    /// The app on the known entries (Banana bread in the Trash, so that the Trash has a page to open),
    /// with `overrides` as storyboard files.
    @MainActor
    static func launch(_ overrides: [String: String] = [:]) throws -> AppHarness {
        let directory = try TemporaryDirectory.withKnownEntries()
        let database = try EntryDatabase(path: directory.databasePath)
        if let banana = try database.entries.search("Banana", limit: 1).first {
            try database.entries.delete(id: banana.id)
        }
        try database.close()
        for (name, text) in overrides { try directory.write(text, to: name) }
        let app = try AppHarness(
            directory: directory, size: Size(width: 100, height: 30), overridesStoryboards: !overrides.isEmpty)
        app.ownedDirectory = directory
        return app
    }

    /// Brings `place` on screen: its context presented by the App Controller (the move a key bound to
    /// it makes; Entries is the root), then its keys. Fails the test when the header does not end
    /// with the scene's title.
    @MainActor
    static func reach(
        _ place: Place, in app: AppHarness, storyboard: Storyboard, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        if place.context != rootContext {
            try app.factory.appController.presentContext(named: place.context)
            _ = app.screen.render()
        }
        for key in place.keys { try app.press(key) }
        let title = storyboard.scene(place.scene)?.title ?? ""
        XCTAssertTrue(
            app.header.hasSuffix(title), "\(place) reached by \(place.keys): \(app.header)", file: file, line: line)
    }

    /// The title of the scene a reference `to: written` shows.
    static func destinationTitle(_ written: String, among storyboards: [Storyboard]) -> String? {
        let parts = written.split(separator: ".", maxSplits: 1).map(String.init)
        guard let target = storyboards.first(where: { $0.name == parts[0] }) else { return nil }
        return target.scene(parts.count > 1 ? parts[1] : target.initialSceneIdentifier)?.title
    }

    /// Presses the reference's key on `place` and checks the destination's scene is on top, then its
    /// answer: Calendar → a day lands on the Entries list; Settings → an entry lands in the Entries
    /// details; any other context → closing it comes back to `place`.
    @MainActor
    static func assertMoveAndAnswer(
        from place: Place, key: String, to written: String, app: AppHarness, storyboards: [Storyboard],
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let context = "\(place) --\(key)--> \(written)"
        let presentedBefore = try app.window.presentedScenes.count
        let originHeader = app.header
        try app.press(key)
        let title = try XCTUnwrap(destinationTitle(written, among: storyboards), context, file: file, line: line)
        XCTAssertTrue(app.header.hasSuffix(title), "\(context): \(app.header)", file: file, line: line)
        XCTAssertEqual(
            try app.window.presentedScenes.count, presentedBefore + 1, "\(context): presented once", file: file,
            line: line)
        switch written.split(separator: ".").first.map(String.init) {
        case "Calendar":
            try AppControllerCalendarLandingTests.pickAppleDayAndExpectItsList(app, file: file, line: line)
        case "Settings":
            // From its first scene to its list of entries, then an entry.
            let settings = try XCTUnwrap(storyboards.first { $0.name == "Settings" })
            let scene = written.split(separator: ".").dropFirst().first.map(String.init)
            if (scene ?? settings.initialSceneIdentifier) == settings.initialSceneIdentifier { try app.press("e") }
            try app.press("enter")
            XCTAssertNil(try app.window.presentedScene, "\(context): nothing over the details", file: file, line: line)
            XCTAssertEqual(try app.entriesScenes.last, "details", context, file: file, line: line)
            XCTAssertEqual(app.lines[1], KnownEntries.newestFirst[0], context, file: file, line: line)
        default:
            try app.press("esc")
            XCTAssertEqual(
                try app.window.presentedScenes.count, presentedBefore, "\(context): closed", file: file, line: line)
            XCTAssertEqual(app.header, originHeader, "\(context): back where it was opened", file: file, line: line)
        }
    }

    // MARK: - The shipped storyboards

    func testEveryReferenceOfTheShippedStoryboardsLandsAndItsAnswerToo() throws {
        try onMainActor {
            let storyboards = try Self.shippedStoryboards()
            var pairs = 0
            for storyboard in storyboards {
                for place in Self.places(in: storyboard) {
                    guard let scene = storyboard.scene(place.scene) else { continue }
                    for segue in storyboard.segues where segue.sources.contains(place.scene) {
                        guard let written = segue.destination.contextName,
                            let key = Self.key(for: segue.identifier, on: scene, in: storyboard)
                        else { continue }
                        let app = try Self.launch()
                        try Self.reach(place, in: app, storyboard: storyboard)
                        try Self.assertMoveAndAnswer(
                            from: place, key: key, to: written, app: app, storyboards: storyboards)
                        pairs += 1
                    }
                }
            }
            // Entries' list → Calendar and → Trash, Settings' preferences → Trash, at least.
            XCTAssertGreaterThanOrEqual(pairs, 3)
        }
    }

    // MARK: - Generated storyboards

    /// `text` (a storyboard file) with a segue `refTo<Context>` from `scene` to `destination`, bound
    /// to ``referenceKey`` on that scene. Keeps the file's own layout: the scene's keys written inline
    /// (`keys: {…}`) or as a block (`keys:` then a line per key), or no keys yet.
    static func addingReference(to destination: String, from scene: String, in text: String) throws -> String {
        let segue = "refTo\(destination.replacingOccurrences(of: ".", with: "_"))"
        var lines = text.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0 == "  \(scene):" }, "scene \(scene) in block style")
        var end = start + 1
        while end < lines.count,
            lines[end].hasPrefix("    ") || lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("#")
        {
            end += 1
        }
        if let keys = (start + 1..<end).first(where: { lines[$0].hasPrefix("    keys:") }) {
            if lines[keys].contains("{") {
                lines[keys] = lines[keys].replacingOccurrences(
                    of: "keys: {", with: "keys: {\(referenceKey): \(segue), ")
            } else {
                lines.insert("      \(referenceKey): \(segue)", at: keys + 1)
            }
        } else {
            lines.insert("    keys: {\(referenceKey): \(segue)}", at: end)
        }
        let definition = "  \(segue): {from: \(scene), to: \(destination), kind: present}"
        if let segues = lines.firstIndex(of: "segues:") {
            lines.insert(definition, at: segues + 1)
        } else {
            lines += ["segues:", definition]
        }
        return lines.joined(separator: "\n")
    }

    /// The text of the shipped `<fileName>`, found under `Sources/`.
    static func shippedText(_ fileName: String) throws -> String {
        let sources = try SourceTree(containing: #filePath).url("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            if file.lastPathComponent == fileName { return try String(contentsOf: file, encoding: .utf8) }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: fileName])
    }

    func testAReferenceFromEveryScenesIntoEveryOtherContextLandsAndItsAnswerToo() throws {
        try onMainActor {
            let storyboards = try Self.shippedStoryboards()
            var pairs = 0
            for storyboard in storyboards {
                let text = try Self.shippedText(storyboard.fileName)
                for place in Self.places(in: storyboard) {
                    // Into every other context: its initial scene, and every scene a reference may name
                    // (one that needs no value).
                    for other in storyboards where other.name != storyboard.name && other.name != Self.rootContext {
                        let destinations = [other.name] + other.scenes.map { "\(other.name).\($0.identifier)" }
                        for destination in destinations {
                            let changed = try Self.addingReference(to: destination, from: place.scene, in: text)
                            let catalog = StoryboardCatalog(
                                overrides: StoryboardOverrides(directory: nil), keysFile: nil)
                            let registry = try XCTUnwrap(catalog.context(named: storyboard.name)?.registry)
                            let loaded = StoryboardLoader(
                                registry: registry, contexts: catalog.contexts.map(\.name)
                            ).diagnose(.text(changed, fileName: storyboard.fileName))
                            let all =
                                (loaded.storyboard.map { [$0] } ?? [])
                                + storyboards.filter { $0.name != storyboard.name }
                            let referenceProblems = StoryboardReferences.diagnose(all, registries: catalog.registries)
                            if !(loaded.diagnostics.errors + referenceProblems).isEmpty {
                                // A scene that needs a value cannot be named across contexts: refused at load.
                                XCTAssertTrue(
                                    referenceProblems.contains { $0.message.contains("which no segue hands across") },
                                    "\(place) → \(destination): \((loaded.diagnostics + referenceProblems).map(\.description))"
                                )
                                continue
                            }
                            let app = try Self.launch([storyboard.fileName: changed])
                            try Self.reach(place, in: app, storyboard: storyboard)
                            try Self.assertMoveAndAnswer(
                                from: place, key: Self.referenceKey, to: destination, app: app, storyboards: storyboards
                            )
                            pairs += 1
                        }
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(pairs, 20, "pairs tried")
        }
    }

    /// A reference into the root context, from every scene of every other context, to its initial
    /// scene and to each of its scenes: refused at start, at the `to:` that wrote it.
    func testAReferenceIntoTheRootContextIsRefusedAtStartWithItsLocation() throws {
        try onMainActor {
            let storyboards = try Self.shippedStoryboards()
            let root = try XCTUnwrap(storyboards.first { $0.name == Self.rootContext })
            var refused = 0
            for storyboard in storyboards where storyboard.name != Self.rootContext {
                let text = try Self.shippedText(storyboard.fileName)
                for place in Self.places(in: storyboard) {
                    for destination in [root.name] + root.scenes.map({ "\(root.name).\($0.identifier)" }) {
                        let changed = try Self.addingReference(to: destination, from: place.scene, in: text)
                        let lines = changed.components(separatedBy: "\n")
                        let row = try XCTUnwrap(
                            lines.firstIndex { $0.contains("{from: \(place.scene), to: \(destination),") })
                        let column =
                            try XCTUnwrap(lines[row].range(of: "to: ")).upperBound.utf16Offset(in: lines[row]) + 1
                        let directory = try TemporaryDirectory()
                        defer { directory.remove() }
                        try directory.write(changed, to: storyboard.fileName)
                        let configuration = AppConfiguration(
                            databasePath: directory.databasePath, storyboardDirectory: directory.url)
                        XCTAssertThrowsError(try AppFactory.checkStoryboards(of: configuration)) { error in
                            let messages = (error as? StoryboardLoadError)?.diagnostics.map(\.description) ?? []
                            // (A scene that needs a value is also refused for that.)
                            XCTAssertTrue(
                                messages.contains {
                                    $0.hasPrefix("\(storyboard.fileName):\(row + 1):\(column): error: segue `refTo")
                                        && $0.contains("is never presented")
                                },
                                "\(place) → \(destination): \(messages)")
                        }
                        refused += 1
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(refused, 10)
        }
    }
}
