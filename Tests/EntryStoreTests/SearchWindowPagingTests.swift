import EntryModel
import Foundation
import XCTest

/// Paging a search a ranking window at a time: every match once, best first within a window, newer
/// windows first, and entries added while paging left out of the windows already named.
final class SearchWindowPagingTests: XCTestCase {
    /// Matches 1...10 (id = n), scored so that within any window the odd ids come first.
    private var matches: [SearchWindowPaging.Scored] = (1...10).map {
        .init(id: Int64($0), score: $0.isMultiple(of: 2) ? 0 : 1)
    }

    private func rankWindow(_ below: Int64?, _ size: Int?) -> [SearchWindowPaging.Scored] {
        let newestFirst = matches.filter { below == nil || $0.id < below! }.sorted { $0.id > $1.id }
        return size.map { Array(newestFirst.prefix($0)) } ?? newestFirst
    }

    private func summaries(_ ids: [Int64]) -> [EntrySummary] {
        ids.map { EntrySummary(id: $0, title: "\($0)", tags: [], createdAt: Date(), updatedAt: Date()) }
    }

    private func allPages(windowSize: Int?, limit: Int) throws -> [[Int64]] {
        let paging = SearchWindowPaging(windowSize: windowSize)
        var pages: [[Int64]] = []
        var anchor: SearchAnchor?
        repeat {
            let page = try paging.page(
                SearchRequest(query: "x", anchor: anchor, limit: limit), rankWindow: rankWindow, summaries: summaries)
            pages.append(page.results.map(\.id))
            anchor = page.next
        } while anchor != nil && pages.count < 50
        return pages
    }

    func testPagesWalkEveryWindowBestFirstWithin() throws {
        // Windows of 4: {10,9,8,7}, {6,5,4,3}, {2,1}; odd (better) first in each, then newest.
        XCTAssertEqual(try allPages(windowSize: 4, limit: 3), [[9, 7, 10], [8, 5, 3], [6, 4, 1], [2]])
        XCTAssertEqual(try allPages(windowSize: 4, limit: 100), [[9, 7, 10, 8, 5, 3, 6, 4, 1, 2]])
    }

    func testOneWindowRanksEveryMatch() throws {
        XCTAssertEqual(try allPages(windowSize: nil, limit: 4), [[9, 7, 5, 3], [1, 10, 8, 6], [4, 2]])
        XCTAssertEqual(
            try allPages(windowSize: 0, limit: 10), [[9, 7, 5, 3, 1, 10, 8, 6, 4, 2]],
            "0 ranks all, as the store setting says")
    }

    func testEntriesAddedWhilePagingStayOutOfTheWindowsShown() throws {
        let paging = SearchWindowPaging(windowSize: 4)
        let first = try paging.page(SearchRequest(query: "x", limit: 2), rankWindow: rankWindow, summaries: summaries)
        XCTAssertEqual(first.results.map(\.id), [9, 7])
        matches.append(.init(id: 11, score: 1))  // a better match, written meanwhile
        let second = try paging.page(
            SearchRequest(query: "x", anchor: first.next, limit: 2), rankWindow: rankWindow, summaries: summaries)
        XCTAssertEqual(second.results.map(\.id), [10, 8], "the window stays the one the first page ranked")
    }

    func testNoMatchesIsOneEmptyLastPage() throws {
        matches = []
        let page = try SearchWindowPaging(windowSize: 4).page(
            SearchRequest(query: "x"), rankWindow: rankWindow, summaries: summaries)
        XCTAssertEqual(page, .empty)
    }
}
