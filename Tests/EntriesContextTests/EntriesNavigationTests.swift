import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import XCTest

/// The flow of Entries.storyboard: list → details → more details and back, flow actions, and
/// `showDetails(for:)` from the App Controller.
final class EntriesNavigationTests: XCTestCase {
    func testEnterOpensDetailsMOpensMoreDetailsAndEscGoesBackToTheSamePosition() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries, size: Size(width: 60, height: 9))
            try harness.press("j")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            assertScreen(
                harness.screen,
                equals: [
                    "Entries › Details",
                    "Carrot notes",
                    "Tags: garden",
                    "Created 6 Jan 2026 · Updated 2 Mar 2026",
                    "────────────────────────────────────────────────────────────",
                    "No text.",
                    "",
                    "",
                    "m more  e edit  d delete  r raw  esc/backspace back   ? help",
                ])
            try harness.press("m")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details", "moreDetails"])
            assertScreenContains(harness.screen, "Entries › Details › More details")
            assertScreenContains(harness.screen, "No more details.")
            try harness.press("G")
            assertScreenContains(harness.screen, "Tags          1 (garden)")
            try harness.press("esc")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            try harness.press("backspace")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
            assertScreenContains(harness.screen, "2 of 3")
        }
    }

    func testMFromTheListOpensMoreDetailsOfTheSelectedEntry() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: [
                Samples.draft("Trip", day: 3, body: "Pack", more: "Flight AB123 at 9:40")
            ])
            try harness.press("m")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails"])
            assertScreenContains(harness.screen, "Flight AB123 at 9:40")
            assertScreenContains(harness.screen, "Body          4 bytes, 4 characters")
            try harness.press("esc")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
        }
    }

    func testDetailsWrapAndScrollTheBody() throws {
        try onMainActor {
            let body = (1...30).map { "Line \($0) of the body" }.joined(separator: "\n")
            let harness = try EntriesHarness(
                entries: [Samples.draft("Long one", day: 1, body: body)], size: Size(width: 30, height: 10))
            try harness.press("enter")
            XCTAssertTrue(harness.contentLines[4].hasPrefix("Line 1 of the body "))
            try harness.press("j", "j")
            XCTAssertTrue(harness.contentLines[4].hasPrefix("Line 3 of the body "))
            try harness.press("G")
            XCTAssertTrue(harness.contentLines.contains { $0.hasPrefix("Line 30 of the body") })
        }
    }

    func testSettingsGoesToThePresenterAndQuitToTheFlow() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("s")
            XCTAssertEqual(harness.presenter.presented("Settings"), 1)
            try harness.press("enter", "s")
            XCTAssertEqual(harness.presenter.presented("Settings"), 2, "storyboard-wide: also from the details")
            try harness.press("q")
            XCTAssertEqual(harness.flow.quitCount, 1)
            XCTAssertFalse(harness.window.isFinished, "quitting is the App Controller's decision")
        }
    }

    func testShowDetailsFromTheAppControllerLandsOnDetailsWithBackToTheList() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            try harness.press("enter", "m")  // deep in another entry
            let banana = try XCTUnwrap(
                try harness.repository.page(PageRequest(order: .title)).first { $0.title == "Banana bread" })
            harness.controller.showDetails(for: banana)
            harness.screen.render()
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            XCTAssertEqual(harness.contentLines.first, "Banana bread")
            try harness.press("esc")
            XCTAssertEqual(harness.sceneIdentifiers, ["list"])
            assertScreenContains(harness.screen, "3 of 3")  // the list selected Banana bread
            XCTAssertEqual(harness.flow.errors, [])
        }
    }

    func testAStoryboardWithoutTheSegueTheCodePerformsIsRefusedWhenLoaded() throws {
        try onMainActor {
            let storyboard = try EntriesStoryboardText.builtIn()
                .replacingOccurrences(of: "enter: showDetails", with: "enter: open")
                .replacingOccurrences(of: "  showDetails: {", with: "  open: {")
            XCTAssertThrowsError(
                try EntriesHarness(
                    entries: Samples.threeEntries, storyboard: .text(storyboard, fileName: "Entries.storyboard"))
            ) { error in
                let errors = (error as? StoryboardLoadError)?.diagnostics.errors.map(\.message) ?? ["\(error)"]
                XCTAssertEqual(
                    errors,
                    [
                        "the context's code performs segue `showDetails` (it shows an entry picked in another context, "
                            + "such as Settings), but the storyboard has no such segue; add one, e.g. "
                            + "`showDetails: {from: list, to: details, kind: push}`"
                    ])
            }
        }
    }

    func testShowDetailsOfADeletedEntrySaysSoInsteadOfCrashing() throws {
        try onMainActor {
            let harness = try EntriesHarness(entries: Samples.threeEntries)
            let gone = EntrySummary(id: 999, title: "Gone", tags: [], createdAt: Samples.now, updatedAt: Samples.now)
            harness.controller.showDetails(for: gone)
            harness.screen.render()
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "details"])
            assertScreenContains(harness.screen, "This entry no longer exists.")
        }
    }

    func testTheFlowCanBeRewiredInTheStoryboardAlone() throws {
        try onMainActor {
            // More details first: enter opens them, and details are presented modally from there.
            let storyboard = """
                storyboard: Entries
                initial: list
                scenes:
                  list: {kind: EntryList, title: Notes, keys: {enter: showMoreDetails}}
                  moreDetails: {kind: EntryMoreDetails, title: More}
                  details: {kind: EntryDetails, title: Full text}
                segues:
                  showMoreDetails: {from: list, to: moreDetails, kind: push}
                  showDetails: {from: list, to: details, kind: present}
                """
            let harness = try EntriesHarness(
                entries: Samples.threeEntries, storyboard: .text(storyboard, fileName: "Entries.storyboard"))
            XCTAssertEqual(harness.lines.first, "Notes")
            try harness.press("enter")
            XCTAssertEqual(harness.sceneIdentifiers, ["list", "moreDetails"])
            XCTAssertEqual(harness.lines.first, "Notes › More")
        }
    }
}
