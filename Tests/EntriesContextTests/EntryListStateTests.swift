@testable import EntriesContext
import EntryModel
import XCTest

/// The list's modes as one value: each transition from each mode, without a screen.
final class EntryListStateTests: XCTestCase {
    private let chosen = EntrySummary(
        id: 7, title: "Chosen", tags: ["work"], createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0))

    func testSlashTypesASearchRememberingTheSelectionAndEnterKeepsIt() {
        var state = EntryListState()
        XCTAssertEqual(state.mode, .browsing)
        state.beginSearch(selection: chosen, index: 3)
        XCTAssertEqual(state.mode, .typingSearch(query: ""))
        XCTAssertTrue(state.isCapturingText)
        XCTAssertFalse(state.showsSearchResults, "an empty query still shows the full list")
        state.searchTextChanged("pie")
        XCTAssertEqual(state.mode, .typingSearch(query: "pie"))
        XCTAssertTrue(state.showsSearchResults)
        XCTAssertTrue(state.keepSearch())
        XCTAssertEqual(state.mode, .showingResults(query: "pie"))
        XCTAssertFalse(state.isCapturingText)
        // `/` again opens the line on the kept query, keeping where the search began.
        state.beginSearch(selection: nil, index: 0)
        XCTAssertEqual(state.mode, .typingSearch(query: "pie"))
        let ended = state.endSearch()
        XCTAssertEqual(ended?.selectionBefore, chosen)
        XCTAssertEqual(ended?.indexBefore, 3)
        XCTAssertEqual(state.mode, .browsing)
    }

    func testABlankQueryIsNotKept() {
        var state = EntryListState()
        state.beginSearch(selection: nil, index: nil)
        state.searchTextChanged("   ")
        XCTAssertFalse(state.keepSearch())
        XCTAssertEqual(state.mode, .typingSearch(query: "   "), "the caller ends it")
        XCTAssertNotNil(state.endSearch())
        XCTAssertNil(state.endSearch(), "nothing left to end")
    }

    func testTextChangesOnlyCountWhileTyping() {
        var state = EntryListState()
        state.searchTextChanged("ignored")
        XCTAssertEqual(state.mode, .browsing)
        XCTAssertFalse(state.keepSearch())
    }

    func testASearchOverATagFilterIsASearchAndEscClearsTheSearchFirst() {
        var state = EntryListState(filter: EntryFilter(tag: "work"))
        XCTAssertEqual(state.mode, .filteredByTag("work"))
        XCTAssertTrue(state.hasSomethingToClear)
        state.beginSearch(selection: nil, index: nil)
        state.searchTextChanged("notes")
        XCTAssertEqual(state.mode, .typingSearch(query: "notes"))
        _ = state.endSearch()
        XCTAssertEqual(state.mode, .filteredByTag("work"), "the filter outlives the search")
        state.filter = .all
        XCTAssertFalse(state.hasSomethingToClear)
        XCTAssertEqual(state.mode, .browsing)
    }
}
