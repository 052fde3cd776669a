import EntryModel
import Foundation
import XCTest

/// The query language on every repository: the same entries found by each.
final class EntryRepositorySearchQueryTests: XCTestCase {
    private struct Journal {
        var beans, slugs, pellets, tomato, pepper, oldBeans: Int64
    }

    private func seed(_ entries: any EntryRepository) throws -> Journal {
        let june = ISO8601DateFormatter().date(from: "2024-06-10T09:00:00Z")!
        let may = ISO8601DateFormatter().date(from: "2023-05-10T09:00:00Z")!
        return Journal(
            beans: try entries.insert(
                EntryDraft(title: "Garden", body: "Sowed red beans today.", tags: ["allotment"], createdAt: june)
            ).id,
            slugs: try entries.insert(
                EntryDraft(
                    title: "Garden trouble", body: "Slugs ate the beans, red ones too.", tags: ["allotment"],
                    createdAt: june)
            ).id,
            pellets: try entries.insert(
                EntryDraft(title: "Garden shop", body: "Bought slug pellets; red beans seeds.", createdAt: june)
            ).id,
            tomato: try entries.insert(
                EntryDraft(title: "Tomato plants", body: "In the garden greenhouse.", createdAt: june)
            ).id,
            pepper: try entries.insert(
                EntryDraft(title: "Pepper plants", body: "Garden, by the wall.", tags: ["allotment"], createdAt: june)
            ).id,
            oldBeans: try entries.insert(
                EntryDraft(title: "Garden last year", body: "Red beans again.", tags: ["allotment"], createdAt: may)
            ).id
        )
    }

    func testAPhraseMatchesItsWordsInOrderSideBySide() {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                Set(try entries.search(#""red beans""#, limit: 10).map(\.id)),
                [journal.beans, journal.pellets, journal.oldBeans], "\(kind)")
            XCTAssertEqual(
                Set(try entries.search(#""RED BEANS" garden"#, limit: 10).map(\.id)),
                [journal.beans, journal.pellets, journal.oldBeans], "\(kind)")
        }
    }

    func testExclusionsLeaveOutWordsAndPhrases() {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                Set(try entries.search("beans -slugs", limit: 10).map(\.id)),
                [journal.beans, journal.pellets, journal.oldBeans], "\(kind)")
            XCTAssertEqual(
                Set(try entries.search(#"beans -"slug pellets""#, limit: 10).map(\.id)),
                [journal.beans, journal.slugs, journal.oldBeans], "\(kind)")
        }
    }

    func testAlternativesAndQualifiers() throws {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                Set(try entries.search("tomato OR pepper", limit: 10).map(\.id)), [journal.tomato, journal.pepper],
                "\(kind)")
            XCTAssertEqual(
                Set(try entries.search("garden tag:allotment", limit: 10).map(\.id)),
                [journal.beans, journal.slugs, journal.pepper, journal.oldBeans], "\(kind)")
            XCTAssertEqual(
                Set(try entries.search("beans date:2023", limit: 10).map(\.id)), [journal.oldBeans], "\(kind)")
            XCTAssertEqual(
                try entries.search("tag:allotment date:2024 -slugs", limit: 10).map(\.id),
                [journal.pepper, journal.beans], "\(kind): newest first without words")
        }
    }

    /// The app searches at every key: a half-written query finds what it can, never throws.
    func testAHalfWrittenQueryFindsWhatItCan() {
        forEachRepository { kind, entries in
            let journal = try seed(entries)
            XCTAssertEqual(
                Set(try entries.search(#""slug pellets"#, limit: 10).map(\.id)), [journal.pellets],
                "\(kind): an open quote runs to the end")
            XCTAssertEqual(
                Set(try entries.search("tomato OR", limit: 10).map(\.id)), [journal.tomato],
                "\(kind): a dangling OR is skipped")
            XCTAssertEqual(
                Set(try entries.search("pepper -", limit: 10).map(\.id)), [journal.pepper],
                "\(kind): a lone - is skipped")
            XCTAssertEqual(
                try entries.search("beans date:las", limit: 10), [], "\(kind): an unreadable date finds nothing")
            XCTAssertEqual(try entries.search("-beans", limit: 10), [], "\(kind): only words to leave out find nothing")
        }
    }
}
