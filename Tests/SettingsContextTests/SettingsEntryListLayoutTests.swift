import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import SettingsContext
import XCTest

/// Settings' entry list is a layout kind of its own (`SettingsEntryList`): its rows are what its layout
/// says, apart from the Entries list's, checked at load like every layout.
final class SettingsEntryListLayoutTests: XCTestCase {
    private static let titles = ["Groceries", "Architecture notes", "Reading list"]
    private static let loader = LayoutLoader(kinds: [SettingsEntryListLayout.kind])

    func testTheShippedFileIsTheBuiltInLayout() throws {
        let text = try SourceTree(containing: #filePath).text(
            of: "Sources/SettingsContext/Layouts/SettingsEntryList.layout")
        let result = Self.loader.parse(text, fileName: "SettingsEntryList.layout")
        XCTAssertEqual(result.diagnostics, [])
        let layout = try XCTUnwrap(result.layout)
        XCTAssertTrue(
            layout.showsTheSame(as: SettingsEntryListLayout.builtIn),
            "SettingsEntryList.layout and SettingsEntryListLayout.builtIn differ: \(layout)")
        XCTAssertEqual(SettingsEntryListLayout.builtIn.kind, "SettingsEntryList")
    }

    /// Each outlet is a value a list row has, of the same type: the shared row formatter draws it.
    func testEveryOutletIsAListRowValueOfTheSameType() {
        for outlet in SettingsEntryListLayout.kind.outlets {
            let value = EntryRowOutlet(named: outlet.name)
            XCTAssertNotNil(value, outlet.name)
            if let value {
                XCTAssertEqual(EntryListLayout.kind.outlets[value.rawValue].type, outlet.type, outlet.name)
            }
        }
        XCTAssertNil(SettingsEntryListLayout.kind.outletIndex(named: "snippet"), "the list is never a search")
    }

    func testALayoutOfItsOwnRelaysOutTheRows() throws {
        let layout = try XCTUnwrap(
            Self.loader.parse(
                """
                kind: SettingsEntryList
                row:
                  - {outlet: id, width: 3, align: right}
                  - {outlet: created, date: long, width: fit}
                  - {outlet: title, width: fill}
                  - {outlet: star, label: "starred", width: fit}
                """, fileName: "SettingsEntryList.layout"
            ).layout)
        try onMainActor {
            var drafts = SettingsHarness.drafts(Self.titles)
            drafts[1].starred = true
            let harness = try SettingsHarness(
                size: Size(width: 60, height: 4), entries: drafts, presentInWindow: false, entryListLayout: layout)
            harness.screen.send(.character("e"))
            assertScreen(
                harness.screen,
                equals: [
                    "  1  2026-11-20 12:00  Groceries                           ",
                    "  2  2026-11-19 12:00  Architecture notes            starred",
                    "  3  2026-11-18 12:00  Reading list                        ",
                    "",
                ])
        }
    }

    func testAnOutletTheKindDoesNotOfferIsAnErrorAtItsPlace() {
        let result = Self.loader.parse(
            "kind: SettingsEntryList\nrow:\n  - {outlet: snippet, width: fill}\n  - {outlet: titel, width: 10}\n",
            fileName: "SettingsEntryList.layout")
        XCTAssertNil(result.layout)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "SettingsEntryList.layout:3:14: error: `SettingsEntryList` has no outlet `snippet`; it offers: star, title, "
                    + "date, created, updated, tags, id, words",
                "SettingsEntryList.layout:4:14: error: `SettingsEntryList` has no outlet `titel`; did you mean `title`?",
            ])
    }
}
