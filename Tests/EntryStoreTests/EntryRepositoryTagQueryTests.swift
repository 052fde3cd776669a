import EntryModel
import XCTest

/// `-tag:x` and `tag:a OR tag:b` in the query language, on every repository, through both ways of
/// searching (a list of matches, and search pages narrowed by the list's filter).
final class EntryRepositoryTagQueryTests: XCTestCase {
    private struct Journal {
        var work, home, both, draft, none: Int64
    }

    private func seed(_ entries: any EntryRepository) throws -> Journal {
        Journal(
            work: try entries.insert(EntryDraft(title: "Standup notes", body: "The release plan.", tags: ["Work"])).id,
            home: try entries.insert(EntryDraft(title: "Kitchen", body: "The release of the new oven.", tags: ["home"]))
                .id,
            both: try entries.insert(
                EntryDraft(title: "Desk at home", body: "Release day, worked from home.", tags: ["work", "Home"])
            ).id,
            draft: try entries.insert(
                EntryDraft(
                    title: "Unfinished", body: "A release note, half written.", tags: ["WORK", "draft"], starred: true)
            ).id,
            none: try entries.insert(EntryDraft(title: "Walk", body: "No release at all today.")).id
        )
    }

    /// The ids `query` finds, both ways, the same both ways.
    private func found(
        _ query: String, filter: EntryFilter = .all, in entries: any EntryRepository, _ kind: RepositoryUnderTest,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Set<Int64> {
        let paged = Set(try entries.search(SearchRequest(query: query, filter: filter, limit: 50)).results.map(\.id))
        if filter == .all {
            let listed = Set(try entries.search(query, limit: 50).map(\.id))
            XCTAssertEqual(listed, paged, "\(kind): \(query)", file: file, line: line)
        }
        return paged
    }

    func testATagLeftOutInAnyCase() {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                try found("release -tag:draft", in: entries, kind),
                [journal.work, journal.home, journal.both, journal.none], "\(kind)")
            XCTAssertEqual(try found("release -tag:Work", in: entries, kind), [journal.home, journal.none], "\(kind)")
            XCTAssertEqual(
                try found("-tag:work -tag:HOME", in: entries, kind), [journal.none], "\(kind): tags left out alone")
            XCTAssertEqual(try found(#""release note" -tag:draft"#, in: entries, kind), [], "\(kind): with a phrase")
            XCTAssertEqual(
                try found("release -tag:draft", filter: EntryFilter(tag: "work"), in: entries, kind),
                [journal.work, journal.both], "\(kind)")
        }
    }

    func testAnyOfTwoTags() {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                try found("release tag:home OR tag:draft", in: entries, kind),
                [journal.home, journal.both, journal.draft], "\(kind)")
            XCTAssertEqual(
                try found("tag:HOME OR tag:draft", in: entries, kind), [journal.home, journal.both, journal.draft],
                "\(kind): tags alone")
            XCTAssertEqual(try found("tag:home OR tag:draft -tag:work", in: entries, kind), [journal.home], "\(kind)")
            XCTAssertEqual(
                try found("tag:home OR tag:draft tag:work", in: entries, kind), [journal.both, journal.draft],
                "\(kind): and a tag")
            XCTAssertEqual(
                try found(#""release day" tag:nothing OR tag:home"#, in: entries, kind), [journal.both],
                "\(kind): with a phrase")
            XCTAssertEqual(try found("release tag:missing OR tag:absent", in: entries, kind), [], "\(kind)")
            XCTAssertEqual(
                try found("release tag:home OR tag:draft", filter: EntryFilter(starred: true), in: entries, kind),
                [journal.draft], "\(kind)")
        }
    }
}
