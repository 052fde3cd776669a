import EntryModel
import XCTest

@testable import SQLiteStore

/// A search whose `tag:` is rare lists the tag's entries instead of checking the tag on every match
/// (``RareTagPlan``): the same matches either way, through every page, with words, phrases, dates,
/// a second tag, and the list's own tag filter.
final class SQLiteRareTagSearchTests: TemporaryDatabaseTestCase {
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// 2,600 entries: every third holds "meeting", every fourth "garden"; 2,100 carry `common` (over
    /// the plan's limit), every 35th `rare`.
    private func fill(_ entries: some EntryRepository) throws -> [Int64: EntryDraft] {
        var drafts: [EntryDraft] = []
        for index in 0..<2_600 {
            var words = ["note", "number", "\(index)"]
            if index % 3 == 0 { words.append("meeting") }
            if index % 4 == 0 { words.append("garden") }
            var tags: [String] = []
            if index < 2_100 { tags.append("common") }
            if index % 35 == 0 { tags.append("rare") }
            drafts.append(
                EntryDraft(
                    title: "entry \(index)", body: words.joined(separator: " "), tags: tags,
                    createdAt: start.addingTimeInterval(Double(index) * 3_600)))
        }
        try entries.insert(contentsOf: drafts, progress: nil)
        let ids = try entries.search(SearchRequest(query: "note", limit: 5_000)).results.map(\.id)
        XCTAssertEqual(ids.count, 2_600)
        var byID: [Int64: EntryDraft] = [:]
        for draft in drafts {
            let index = Int(draft.title.dropFirst("entry ".count))!
            byID[Int64(index + 1)] = draft
        }
        return byID
    }

    /// Every page of `query`, the ids in order, checked for repeats.
    private func allPages(
        _ entries: some EntryRepository, _ query: String, filter: EntryFilter = .all
    ) throws -> [Int64] {
        var ids: [Int64] = []
        var request = SearchRequest(query: query, filter: filter, limit: 7)
        while true {
            let page = try entries.search(request)
            ids += page.results.map(\.id)
            guard let next = page.next else { break }
            request.anchor = next
        }
        XCTAssertEqual(ids.count, Set(ids).count, "no entry twice: \(query)")
        return ids
    }

    func testARareTagFindsTheSameMatchesAsACheckPerMatch() throws {
        let database = try openDatabase { $0.searchRankingWindow = 40 }
        let drafts = try fill(database.entries)
        XCTAssertEqual(
            try database.entries.writer.read {
                try RareTagPlan.tag(of: SearchQueryParser().parse("meeting tag:rare tag:common"), in: $0)
            }, "rare")
        XCTAssertNil(
            try database.entries.writer.read {
                try RareTagPlan.tag(of: SearchQueryParser().parse("meeting tag:common"), in: $0)
            }, "2,100 entries: checked per match")
        func expected(_ keep: (EntryDraft) -> Bool) -> Set<Int64> { Set(drafts.filter { keep($0.value) }.map(\.key)) }
        let rareMeetings = expected { $0.tags.contains("rare") && $0.body.contains("meeting") }
        XCTAssertEqual(rareMeetings.count, 25)
        let cases: [(query: String, filter: EntryFilter, expected: Set<Int64>)] = [
            ("meeting tag:rare", .all, rareMeetings),
            (
                "meeting tag:rare tag:common", .all,
                expected { $0.tags == ["common", "rare"] && $0.body.contains("meeting") }
            ),
            (
                "meeting -garden tag:rare", .all,
                expected { $0.tags.contains("rare") && $0.body.contains("meeting") && !$0.body.contains("garden") }
            ),
            ("\"note number\" tag:rare", .all, expected { $0.tags.contains("rare") }),
            (
                "meeting tag:rare date:2023", .all,
                expected {
                    $0.tags.contains("rare") && $0.body.contains("meeting")
                        && Calendar.current.component(.year, from: $0.createdAt!) == 2023
                }
            ),
            ("tag:rare", .all, expected { $0.tags.contains("rare") }),
            ("meeting", EntryFilter(tag: "rare"), rareMeetings),
            ("meeting tag:common", .all, expected { $0.tags.contains("common") && $0.body.contains("meeting") }),
        ]
        for (query, filter, expected) in cases {
            XCTAssertFalse(expected.isEmpty, query)
            XCTAssertEqual(Set(try allPages(database.entries, query, filter: filter)), expected, query)
            if filter == .all {
                XCTAssertEqual(Set(try database.entries.search(query, limit: 5_000).map(\.id)), expected, query)
            }
        }
    }

    func testTheOrderIsTheRankingsEitherWay() throws {
        // With every match ranked, a rare tag's results come in the order of the same search without
        // the tag, keeping only the tagged entries.
        let database = try openDatabase { $0.searchRankingWindow = 0 }
        _ = try fill(database.entries)
        let tagged = Set(try database.entries.search("tag:rare", limit: 5_000).map(\.id))
        let all = try database.entries.search("meeting", limit: 5_000).map(\.id).filter(tagged.contains)
        XCTAssertEqual(try database.entries.search("meeting tag:rare", limit: 5_000).map(\.id), all)
    }
}
