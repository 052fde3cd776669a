import AppShell
import EntriesContext
import XCTest

/// The built-in Entries.storyboard against the context's registry: what `entries storyboard lint` runs.
final class EntriesStoryboardLintTests: XCTestCase {
    func testTheBuiltInStoryboardHasNoErrorsAndNoWarnings() throws {
        try onMainActor {
            var linter = StoryboardLinter(registries: [
                EntriesController.storyboardName: EntriesController.storyboardRegistry()
            ])
            // The context alone: the app's catalog checks that `to: Calendar` is one of its contexts (AppFactoryTests).
            linter.contexts = nil
            let report = linter.lint([EntriesController.builtInStoryboard()])
            XCTAssertEqual(report.errorCount, 0, report.lines.joined(separator: "\n"))
            XCTAssertEqual(report.warningCount, 0, report.lines.joined(separator: "\n"))
            let storyboard = try XCTUnwrap(report.storyboards.first)
            XCTAssertEqual(storyboard.name, "Entries")
            XCTAssertEqual(storyboard.initialSceneIdentifier, "list")
            XCTAssertNotNil(storyboard.segue(EntriesController.showDetailsSegue))
            XCTAssertNotNil(storyboard.segue(EntriesController.entryDeletedSegue))
        }
    }

    func testTheControllerRunsTheBuiltInStoryboardWithoutWarnings() throws {
        try onMainActor {
            let harness = try EntriesHarness()
            XCTAssertEqual(harness.controller.storyboardWarnings, [])
        }
    }

    func testTheRegistryDeclaresTheKindsActionsAndFlowActionsTheStoryboardUses() throws {
        onMainActor {
            let registry = EntriesController.storyboardRegistry()
            XCTAssertEqual(
                registry.kindDeclarations.map(\.name), ["EntryDetails", "EntryList", "EntryMoreDetails", "TagPicker"])
            XCTAssertEqual(
                registry.kind(named: "EntryList")?.actions.map(\.name),
                [
                    "toggleStar", "filterStarred", "search", "add", "edit", "delete", "undo", "togglePreview",
                    "filterDate", "goToDate",
                ])
            XCTAssertEqual(registry.kind(named: "EntryList")?.offers.map(\.name), ["entry"])
            XCTAssertEqual(
                registry.kind(named: "EntryList")?.accepts.map(\.description),
                ["`tag` (String)", "`tags` (TagSelection)", "`day` (CivilDay)"])
            XCTAssertEqual(
                registry.kind(named: "TagPicker")?.offers.map(\.description),
                ["`tag` (String)", "`tags` (TagSelection)"])
            XCTAssertEqual(registry.segueContracts.map(\.identifier), ["showDetails", "entryDeleted"])
            XCTAssertEqual(registry.kind(named: "EntryDetails")?.needs?.name, "entry")
            XCTAssertEqual(registry.kind(named: "EntryMoreDetails")?.needs?.name, "entry")
            XCTAssertEqual(
                registry.flowActionDeclarations.map(\.name), ["quit", "showCalendar", "showJournals", "showSettings"],
                "showCalendar and showSettings present contexts")
        }
    }

    func testLintReportsAMisspelledKindWithItsLine() throws {
        try onMainActor {
            let text = try EntriesStoryboardText.builtIn().replacingOccurrences(
                of: "kind: EntryMoreDetails", with: "kind: EntryMoreDetail")
            let linter = StoryboardLinter(registries: [
                EntriesController.storyboardName: EntriesController.storyboardRegistry()
            ])
            let report = linter.lint([.text(text, fileName: "Entries.storyboard")])
            XCTAssertGreaterThan(report.errorCount, 0)
            XCTAssertTrue(
                report.lines.contains { $0.hasPrefix("Entries.storyboard:") && $0.contains("EntryMoreDetail") },
                report.lines.joined(separator: "\n"))
        }
    }

    func testTheGraphShowsTheFlow() throws {
        onMainActor {
            let linter = StoryboardLinter(registries: [
                EntriesController.storyboardName: EntriesController.storyboardRegistry()
            ])
            let graph = StoryboardGraph.mermaid(linter.lint([EntriesController.builtInStoryboard()]).storyboards)
            for name in ["list", "details", "moreDetails", "showDetails", "showMoreDetails"] {
                XCTAssertTrue(graph.contains(name), "\(name) missing from:\n\(graph)")
            }
        }
    }
}
