import AppShell
import EntryModel
import SettingsContext
import XCTest

/// The built-in Settings.storyboard: valid against the context's registry with nothing to warn about,
/// and shaped as documented (the scenes, segues and keys the help and the README describe).
final class SettingsStoryboardTests: XCTestCase {
    func testTheBuiltInStoryboardValidatesWithNoErrorsAndNoWarnings() throws {
        onMainActor {
            let loader = StoryboardLoader(
                registry: SettingsController.storyboardRegistry(), expectedName: SettingsController.storyboardName)
            let result = loader.diagnose(SettingsController.builtInStoryboard())
            XCTAssertNotNil(result.storyboard)
            XCTAssertEqual(result.diagnostics.map(\.description), [])

            var linter = StoryboardLinter(registries: ["Settings": SettingsController.storyboardRegistry()])
            // The context alone: the app's catalog checks that `to: Trash` is one of its contexts (AppFactoryTests).
            linter.contexts = nil
            let report = linter.lint([SettingsController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount, 0, report.lines.joined(separator: "\n"))
            XCTAssertEqual(report.warningCount, 0, report.lines.joined(separator: "\n"))
        }
    }

    func testTheRegistryDeclaresTheKindsActionsAndFlowAction() throws {
        onMainActor {
            let registry = SettingsController.storyboardRegistry()
            XCTAssertEqual(registry.kindDeclarations.map(\.name), ["Preferences", "SettingsEntryList"])
            XCTAssertEqual(registry.kind(named: "Preferences")?.actions.map(\.name), ["next", "previous"])
            XCTAssertEqual(registry.kind(named: "SettingsEntryList")?.actions.map(\.name), ["showDetails"])
            XCTAssertEqual(registry.flowActionDeclarations.map(\.name), ["done", "quit"])
            XCTAssertNil(registry.kind(named: "Preferences")?.needs)
            XCTAssertNil(registry.kind(named: "SettingsEntryList")?.needs)
        }
    }

    func testTheFlowIsPreferencesThenTheEntryListWithDoneEverywhere() throws {
        try onMainActor {
            let storyboard = try StoryboardLoader(registry: SettingsController.storyboardRegistry())
                .load(SettingsController.builtInStoryboard())
            XCTAssertEqual(storyboard.name, "Settings")
            XCTAssertEqual(storyboard.initialSceneIdentifier, "preferences")
            XCTAssertEqual(storyboard.scenes.map(\.identifier), ["preferences", "entries"])
            XCTAssertEqual(
                storyboard.segues.map { "\($0.identifier): \($0.sources) \($0.kind) \($0.destination)" },
                [
                    "showEntries: [\"preferences\"] push scene(\"entries\")",
                    "openTrash: [\"preferences\"] present context(\"Trash\")",
                ])
            func keys(_ scene: String) -> [String] {
                (storyboard.scene(scene)?.bindings ?? []).map { "\($0.key.name)=\($0.target)" }
            }
            XCTAssertEqual(
                keys("preferences"),
                [
                    "enter=next", "space=next", "right=next", "left=previous", "e=showEntries", "tab=showEntries",
                    "esc=done", "backspace=done", "T=openTrash",
                ])
            XCTAssertEqual(keys("entries"), ["enter=showDetails", "tab=back", "left=back"])
            XCTAssertEqual(
                storyboard.globalBindings.map { "\($0.key.name)=\($0.target)" },
                [
                    "esc=back", "backspace=back", "d=done", "s=done", "q=quit", "?=help", "ctrl-l=repaint", "j=down",
                    "down=down", "k=up",
                    "up=up", "pgdn=pageDown", "pgup=pageUp", "g=first", "home=first", "G=last", "end=last",
                ])
            for scene in storyboard.scenes {
                XCTAssertFalse((scene.help ?? "").isEmpty, "\(scene.identifier) has help for the `?` overlay")
            }
        }
    }
}
