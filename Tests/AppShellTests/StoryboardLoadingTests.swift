import AppShell
import Foundation
import XCTest

/// Loading from text, files, bundle resources, and the `--storyboards DIR` overrides.
final class StoryboardLoadingTests: XCTestCase {
    /// A fresh directory for this test, removed when it ends.
    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    private func write(_ text: String, to name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func testLoadsFromAFileAndNamesItInMessages() throws {
        let directory = try makeDirectory()
        let url = try write(
            StoryboardFixtures.demo.replacingOccurrences(of: "to: more", with: "to: mor"), to: "Demo.storyboard",
            in: directory)
        let result = StoryboardLoader(registry: nil).diagnose(.file(url))
        XCTAssertEqual(
            result.diagnostics.errors.map(\.description),
            [
                "Demo.storyboard:20:32: error: segue `showMore` goes to unknown scene `mor`; did you mean `more`?"
            ])
    }

    func testAMissingFileIsOneClearError() throws {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/Nowhere.storyboard")
        let diagnostics = StoryboardLoader(registry: nil).diagnose(.file(url)).diagnostics
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics[0].fileName, "Nowhere.storyboard")
        XCTAssertTrue(diagnostics[0].message.hasPrefix("cannot read"), diagnostics[0].message)
    }

    func testAMissingBundleResourceIsAClearErrorNotACrash() {
        XCTAssertThrowsError(try StoryboardLoader(registry: nil).load(.resource(nil, fileName: "Entries.storyboard"))) {
            XCTAssertEqual(
                "\($0)",
                "Entries.storyboard: error: the built-in storyboard is missing from the module "
                    + "bundle; check the target's `resources:`")
        }
    }

    func testLoadsABundleResourceURL() throws {
        let directory = try makeDirectory()
        let url = try write(StoryboardFixtures.demo, to: "Demo.storyboard", in: directory)
        try onMainActor {
            let runtime = try StoryboardRuntime(
                loading: .resource(url, fileName: "Demo.storyboard"), registry: FakeContext().registry(),
                expectedName: "Demo")
            XCTAssertEqual(runtime.storyboard.scenes.count, 3)
            XCTAssertEqual(runtime.warnings, [])
        }
    }

    func testOverridesDirectoryReplacesOnlyTheContextsItHasFilesFor() throws {
        let directory = try makeDirectory()
        let builtIn = try write(StoryboardFixtures.demo, to: "BuiltIn.storyboard", in: directory)
        let overrides = directory.appendingPathComponent("overrides")
        try FileManager.default.createDirectory(at: overrides, withIntermediateDirectories: true)
        try StoryboardFixtures.reversed.write(
            to: overrides.appendingPathComponent("Demo.storyboard"), atomically: true, encoding: .utf8)

        let withOverride = StoryboardOverrides(directory: overrides).source(forContext: "Demo", builtIn: builtIn)
        XCTAssertEqual(withOverride, .file(overrides.appendingPathComponent("Demo.storyboard")))
        let withoutFile = StoryboardOverrides(directory: overrides).source(forContext: "Settings", builtIn: builtIn)
        XCTAssertEqual(withoutFile, .resource(builtIn, fileName: "Settings.storyboard"))
        let noDirectory = StoryboardOverrides(directory: nil).source(forContext: "Demo", builtIn: builtIn)
        XCTAssertEqual(noDirectory, .resource(builtIn, fileName: "Demo.storyboard"))

        try onMainActor {
            let storyboard = try StoryboardLoader(registry: FakeContext().registry(), expectedName: "Demo").load(
                withOverride)
            XCTAssertNotNil(storyboard.segue("showNext2"), "the override's flow was loaded")
        }
    }

    func testARuntimeRefusesAStoryboardItsRegistryCannotBuild() throws {
        let storyboard = try StoryboardLoader(registry: nil).load(
            text: """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: Unregistered, title: Items}
                """, fileName: "Demo.storyboard")
        try onMainActor {
            XCTAssertThrowsError(try StoryboardRuntime(storyboard: storyboard, registry: FakeContext().registry())) {
                XCTAssertTrue("\($0)".contains("scene `list` has unknown kind `Unregistered`"), "\($0)")
            }
        }
    }

    func testKindsAndFlowActionsRegisteredTwiceAreReportedNotFatal() {
        onMainActor {
            var registry = FakeContext().registry()
            registry.register(
                SceneKind("Plain") { FakePlainScene(title: $0.title, journal: SceneJournal(), context: $0) })
            registry.registerFlowAction("quit", summary: "Quit again") {}
            let diagnostics = StoryboardLoader(registry: registry).diagnose(
                .text(StoryboardFixtures.demo, fileName: "Demo.storyboard")
            ).diagnostics
            XCTAssertEqual(
                diagnostics.errors.map(\.message),
                [
                    "scene kind `Plain` is registered twice in the context's code; the first registration is used",
                    "flow action `quit` is registered twice in the context's code; the first registration is used",
                ])
        }
    }
}

/// `StoryboardSwiftSource`: what a compiled storyboard is made of. (That the recorded sources compile
/// to what the loader reads from each context's file is `CompiledStoryboardTests`.)
final class StoryboardSwiftSourceTests: XCTestCase {
    func testStringsBecomePlainASCIILiteralsWhateverTheyHold() {
        XCTAssertEqual(StoryboardSwiftSource.literal("plain text"), #""plain text""#)
        XCTAssertEqual(
            StoryboardSwiftSource.literal("a \"quote\" and \\ a backslash"), #""a \"quote\" and \\ a backslash""#)
        XCTAssertEqual(StoryboardSwiftSource.literal("line\nbreak\t\u{1B}[31m"), #""line\u{A}break\u{9}\u{1B}[31m""#)
        XCTAssertEqual(StoryboardSwiftSource.literal("é 日 👍"), #""\u{E9} \u{65E5} \u{1F44D}""#)
        XCTAssertEqual(StoryboardSwiftSource.literal(nil), "nil")
    }

    func testKeysBecomeTheirCasesAndUnbindableKeysAreRefused() throws {
        XCTAssertEqual(try StoryboardSwiftSource.literal(try Key(name: "ctrl-d")), #".control("d")"#)
        XCTAssertEqual(try StoryboardSwiftSource.literal(try Key(name: "alt-enter")), ".alt(.enter)")
        XCTAssertEqual(try StoryboardSwiftSource.literal(try Key(name: "f5")), ".function(5)")
        XCTAssertEqual(try StoryboardSwiftSource.literal(try Key(name: "space")), #".character(" ")"#)
        XCTAssertThrowsError(try StoryboardSwiftSource.literal(Key.paste("x")))
    }

    func testACompiledStoryboardIsValidatedLikeAFile() throws {
        try onMainActor {
            let registry = FakeContext().registry()
            let storyboard = try StoryboardLoader(registry: registry).load(
                text: StoryboardFixtures.demo, fileName: "Demo.storyboard")
            XCTAssertEqual(try StoryboardLoader(registry: registry).load(.compiled(storyboard)), storyboard)
            // A compiled storyboard whose segue goes nowhere is refused when it loads, as its file would be.
            var broken = storyboard
            broken.segues[0].destination = .scene("nowhere")
            let result = StoryboardLoader(registry: registry).diagnose(.compiled(broken))
            XCTAssertFalse(result.isUsable)
            XCTAssertTrue(
                result.diagnostics.errors.contains { $0.message.contains("nowhere") }, "\(result.diagnostics)")
        }
    }
}
