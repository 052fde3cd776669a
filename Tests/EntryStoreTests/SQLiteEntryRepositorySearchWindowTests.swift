import EntryModel
import XCTest

/// The SQLite search ranks only the newest `searchRankingWindow` matches (or as many as it is asked
/// for, when more), and skips the prefix reading of the last word when the whole word already fills
/// the window.
final class SQLiteEntryRepositorySearchWindowTests: TemporaryDatabaseTestCase {
    func testOnlyTheNewestMatchesOfTheWindowAreRanked() throws {
        let database = try openDatabase { $0.searchRankingWindow = 3 }
        // The oldest entry is the best match (the word in its title), but it is outside the window.
        let oldBest = try database.entries.insert(EntryDraft(title: "otter", body: "otter"))
        var newer: [Int64] = []
        for index in 0..<5 {
            newer.append(try database.entries.insert(EntryDraft(title: "note \(index)", body: "an otter")).id)
        }
        let found = try database.entries.search("otter", limit: 3).map(\.id)
        XCTAssertEqual(Set(found), Set(newer.suffix(3)))
        XCTAssertFalse(found.contains(oldBest.id))
        // Asking for more than the window ranks that many: every match here, the best first.
        let more = try database.entries.search("otter", limit: 10).map(\.id)
        XCTAssertEqual(more.count, 6)
        XCTAssertEqual(more.first, oldBest.id)
    }

    func testOnlyTheNewestPrefixMatchesOfTheWindowAreRanked() throws {
        let database = try openDatabase { $0.searchRankingWindow = 3 }
        // "otte" is only ever a prefix here (of "otters"), so the window is read through the prefix.
        let oldBest = try database.entries.insert(EntryDraft(title: "otters", body: "otters"))
        var newer: [Int64] = []
        for index in 0..<5 {
            newer.append(try database.entries.insert(EntryDraft(title: "note \(index)", body: "two otters")).id)
        }
        let found = try database.entries.search("otte", limit: 3).map(\.id)
        XCTAssertEqual(found, newer.suffix(3).reversed(), "equal scores: newest first")
        XCTAssertFalse(found.contains(oldBest.id))
        XCTAssertEqual(
            try database.entries.search("otte", limit: 2).map(\.id), Array(newer.suffix(3).reversed().prefix(2)))
    }

    func testAWindowOfZeroRanksEveryMatch() throws {
        let database = try openDatabase { $0.searchRankingWindow = 0 }
        let best = try database.entries.insert(EntryDraft(title: "otter", body: "otter"))
        for index in 0..<5 { try database.entries.insert(EntryDraft(title: "note \(index)", body: "an otter")) }
        let found = try database.entries.search("otter", limit: 10).map(\.id)
        XCTAssertEqual(found.count, 6)
        XCTAssertEqual(found.first, best.id)
    }

    func testTheLastWordIsAPrefixUnlessTheWholeWordFillsTheWindow() throws {
        let database = try openDatabase { $0.searchRankingWindow = 3 }
        let longer = try database.entries.insert(EntryDraft(title: "otters"))
        XCTAssertEqual(try database.entries.search("otte", limit: 10).map(\.id), [longer.id])
        XCTAssertEqual(
            try database.entries.search("otter", limit: 10).map(\.id), [longer.id], "prefix while few match whole")
        for index in 0..<3 { try database.entries.insert(EntryDraft(title: "otter \(index)")) }
        let found = try database.entries.search("otter", limit: 3).map(\.id)
        XCTAssertEqual(found.count, 3)
        XCTAssertFalse(found.contains(longer.id), "the whole word fills the window: no prefix reading")
    }
}
