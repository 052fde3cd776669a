import EntryModel
import Foundation
import XCTest

/// Search pages on every repository: every match reached page by page, each once, the first page
/// the same as a plain search's best, and the list's filter (tag, dates) applied with the query's own.
final class EntryRepositorySearchPagesTests: TemporaryDatabaseTestCase {
    private let june = ISO8601DateFormatter().date(from: "2024-06-10T09:00:00Z")!
    private let may = ISO8601DateFormatter().date(from: "2023-05-10T09:00:00Z")!

    /// 45 notes with "garden" (every third tagged, the first 15 written in 2023), 5 without.
    private func seed(_ entries: any EntryRepository) throws -> [Int64] {
        var ids: [Int64] = []
        for index in 0..<50 {
            let matches = index < 45
            let draft = EntryDraft(
                title: index == 7 ? "Garden day" : "Note \(index)",
                body: matches ? "in the garden, row \(index)" : "kitchen, row \(index)",
                tags: index.isMultiple(of: 3) ? ["three"] : [],
                createdAt: (index < 15 ? may : june).addingTimeInterval(Double(index) * 60))
            ids.append(try entries.insert(draft).id)
        }
        return ids
    }

    private func allPages(
        _ entries: any EntryRepository, _ query: String, filter: EntryFilter = .all, limit: Int
    ) throws -> [[EntrySummary]] {
        var pages: [[EntrySummary]] = []
        var anchor: SearchAnchor?
        repeat {
            let page = try entries.search(SearchRequest(query: query, filter: filter, anchor: anchor, limit: limit))
            pages.append(page.results)
            anchor = page.next
        } while anchor != nil && pages.count < 100
        return pages
    }

    func testPagesReachEveryMatchOnceAndBeginWithTheBest() {
        forEachRepository { kind, entries in
            let ids = try seed(entries)
            let pages = try allPages(entries, "garden", limit: 7)
            let found = pages.flatMap { $0 }.map(\.id)
            XCTAssertEqual(found.count, 45, "\(kind): no match twice")
            XCTAssertEqual(Set(found), Set(ids.prefix(45)), "\(kind)")
            XCTAssertEqual(pages.first?.first?.id, ids[7], "\(kind): the title match ranks first")
            XCTAssertEqual(
                pages.first?.map(\.id), try entries.search("garden", limit: 7).map(\.id), "\(kind): as the plain search"
            )
            XCTAssertTrue(pages.dropLast().allSatisfy { $0.count == 7 }, "\(kind): full pages until the last")
            XCTAssertEqual(
                try allPages(entries, "gard", limit: 20).flatMap { $0 }.count, 45, "\(kind): a prefix as typed")
        }
    }

    func testTheFilterNarrowsTheMatches() {
        forEachRepository { kind, entries in
            let ids = try seed(entries)
            let tagged = try allPages(entries, "garden", filter: EntryFilter(tag: "three"), limit: 4).flatMap { $0 }
                .map(\.id)
            XCTAssertEqual(Set(tagged), Set((0..<45).filter { $0.isMultiple(of: 3) }.map { ids[$0] }), "\(kind)")
            let june = self.june.addingTimeInterval(-3_600)..<self.june.addingTimeInterval(86_400)
            let recent = try allPages(entries, "garden", filter: EntryFilter(created: june), limit: 8).flatMap { $0 }
                .map(\.id)
            XCTAssertEqual(Set(recent), Set(ids[15..<45]), "\(kind)")
            let both = try allPages(entries, "garden tag:three", filter: EntryFilter(created: june), limit: 50).flatMap
            { $0 }.map(\.id)
            XCTAssertEqual(
                Set(both), Set((15..<45).filter { $0.isMultiple(of: 3) }.map { ids[$0] }),
                "\(kind): with the query's own tag")
            let none = try entries.search(SearchRequest(query: "garden date:2023", filter: EntryFilter(created: june)))
            XCTAssertEqual(none, .empty, "\(kind): a filter that misses the query's dates")
        }
    }

    func testQualifiersAndSymbolsPageToo() {
        forEachRepository { kind, entries in
            let ids = try seed(entries)
            let tagged = try allPages(entries, "tag:three -kitchen", limit: 6).flatMap { $0 }.map(\.id)
            XCTAssertEqual(Set(tagged), Set((0..<45).filter { $0.isMultiple(of: 3) }.map { ids[$0] }), "\(kind)")
            XCTAssertEqual(tagged.count, Set(tagged).count, "\(kind)")
            try entries.insert(EntryDraft(title: "Best ★ notes", body: "templates"))
            XCTAssertEqual(
                try allPages(entries, "★", limit: 1).flatMap { $0 }.map(\.title), ["Best ★ notes"],
                "\(kind): a symbol, found in the text")
            XCTAssertEqual(try entries.search(SearchRequest(query: "  ")), .empty, "\(kind)")
        }
    }

    func testTheLastPageSaysSo() {
        forEachRepository { kind, entries in
            _ = try seed(entries)
            let page = try entries.search(SearchRequest(query: "kitchen", limit: 5))
            XCTAssertEqual(page.results.count, 5, "\(kind)")
            XCTAssertNil(page.next, "\(kind): five matches, five shown")
            XCTAssertNotNil(try entries.search(SearchRequest(query: "kitchen", limit: 4)).next, "\(kind)")
        }
    }
}

/// The SQLite store pages across ranking windows: each page ranks at most one or two windows.
final class SQLiteEntryRepositorySearchPagesTests: TemporaryDatabaseTestCase {
    func testPagesCrossRankingWindows() throws {
        let database = try openDatabase { $0.searchRankingWindow = 4 }
        var ids: [Int64] = []
        for index in 0..<11 {
            ids.append(
                try database.entries.insert(
                    EntryDraft(title: index.isMultiple(of: 2) ? "otter \(index)" : "note \(index)", body: "an otter")
                ).id)
        }
        var found: [Int64] = []
        var anchor: SearchAnchor?
        repeat {
            let page = try database.entries.search(SearchRequest(query: "otter", anchor: anchor, limit: 3))
            found += page.results.map(\.id)
            anchor = page.next
        } while anchor != nil
        // Windows of 4, newest first (10…7, 6…3, 2…0); title matches first within each.
        XCTAssertEqual(found, [10, 8, 9, 7, 6, 4, 5, 3, 2, 0, 1].map { ids[$0] })
        let tagged = try database.entries.search(
            SearchRequest(query: "otter", filter: EntryFilter(tag: "none"), limit: 3))
        XCTAssertEqual(tagged, .empty)
    }

    /// Tags checked on the matches: common and rare tags, common and rare words, two tags, across
    /// windows.
    func testTagsJoinTheMatchesWhateverTheirShare() throws {
        let database = try openDatabase { $0.searchRankingWindow = 7 }
        var ids: [Int64] = []
        for index in 0..<300 {
            var tags: [String] = []
            if index.isMultiple(of: 2) { tags.append("even") }
            if index.isMultiple(of: 50) { tags.append("fifty") }
            ids.append(
                try database.entries.insert(
                    EntryDraft(title: "n\(index)", body: index.isMultiple(of: 97) ? "w rare" : "w", tags: tags)
                ).id)
        }
        func expected(_ keep: (Int) -> Bool) -> Set<Int64> { Set((0..<300).filter(keep).map { ids[$0] }) }
        func paged(_ query: String, filter: EntryFilter = .all) throws -> [Int64] {
            var found: [Int64] = []
            var anchor: SearchAnchor?
            repeat {
                let page = try database.entries.search(
                    SearchRequest(query: query, filter: filter, anchor: anchor, limit: 5))
                found += page.results.map(\.id)
                anchor = page.next
            } while anchor != nil
            return found
        }
        XCTAssertEqual(Set(try paged("w tag:even")), expected { $0.isMultiple(of: 2) })
        XCTAssertEqual(try paged("w tag:even").count, 150, "none twice")
        XCTAssertEqual(Set(try paged("w", filter: EntryFilter(tag: "fifty"))), expected { $0.isMultiple(of: 50) })
        XCTAssertEqual(Set(try paged("rare tag:even")), expected { $0.isMultiple(of: 97) && $0.isMultiple(of: 2) })
        XCTAssertEqual(Set(try paged("w tag:even tag:fifty")), expected { $0.isMultiple(of: 50) })
        XCTAssertEqual(try paged("w tag:nothing"), [])
        // The first page of the plain search takes the same path.
        XCTAssertEqual(
            Set(try database.entries.search("rare tag:even", limit: 50).map(\.id)), expected { $0.isMultiple(of: 194) })
        XCTAssertEqual(try database.entries.search("w tag:fifty", limit: 3).count, 3)
    }
}
