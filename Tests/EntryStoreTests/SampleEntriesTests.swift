import EntryModel
import SQLiteStore
import XCTest

/// The sample entries a new database starts with: enough of them, complete, and covering the keys,
/// the commands and the architecture.
final class SampleEntriesTests: XCTestCase {
    func testThereAreAboutThirtyCompleteEntriesWithDistinctTitles() {
        let samples = SampleEntries.all
        XCTAssertGreaterThanOrEqual(samples.count, 25)
        XCTAssertLessThanOrEqual(samples.count, 40)
        XCTAssertEqual(Set(samples.map(\.title)).count, samples.count, "titles are distinct")
        for sample in samples {
            XCTAssertFalse(sample.body.isEmpty, sample.title)
            XCTAssertFalse(sample.moreDetails.isEmpty, sample.title)
            XCTAssertFalse(sample.tags.isEmpty, sample.title)
            XCTAssertNotNil(sample.createdAt, sample.title)
        }
        XCTAssertGreaterThan(Set(samples.flatMap(\.tags)).count, 8, "varied tags")
        XCTAssertGreaterThan(Set(samples.compactMap(\.createdAt)).count, 25, "varied dates")
        XCTAssertTrue(samples.contains { $0.updatedAt != $0.createdAt }, "some were edited")
    }

    func testTheGuideMentionsEveryKeyAndCommand() {
        let text = SampleEntries.all.map { $0.title + "\n" + $0.body + "\n" + $0.moreDetails }.joined(separator: "\n")
        for key in ["`Enter`", "`m`", "`Esc`", "`Backspace`", "`/`", "`t`", "`a`", "`e`", "`d`", "`s`", "`?`", "`q`"] {
            XCTAssertTrue(text.contains(key), "key \(key)")
        }
        for command in [
            "entries list", "entries show", "entries search", "entries add", "entries edit", "entries delete",
            "entries import", "entries export", "entries storyboard lint", "entries storyboard graph",
        ] {
            XCTAssertTrue(text.contains(command), command)
        }
        for idea in ["storyboard", "App Factory", "App Controller", "CEO", "module", "keyset", "FTS5", "WAL", "zero code"] {
            XCTAssertTrue(text.localizedCaseInsensitiveContains(idea), idea)
        }
    }

    func testSeedingANewDatabaseStoresThemAllSearchably() throws {
        let database = try EntryDatabase.inMemory()
        try database.seedSampleEntries()
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(try database.entries.page(PageRequest(order: .newest, limit: 1)).first?.title, "Welcome to entries")
        XCTAssertFalse(try database.entries.search("storyboard", limit: 10).isEmpty)
        XCTAssertGreaterThan(try database.entries.count(filter: EntryFilter(tag: "guide")), 5)
    }

    func testTheSearchSampleIsFoundByTheQueryItQuotes() throws {
        let database = try EntryDatabase.inMemory()
        try database.seedSampleEntries()
        let titles = try database.entries.search("keys sea", limit: 10).map(\.title)
        XCTAssertTrue(titles.contains("Search as you type with /"), "\(titles)")
    }

    func testTheEmbeddingSampleNamesTheRealSteps() throws {
        let sample = try XCTUnwrap(SampleEntries.all.first { $0.title == "Embedding a context in another app" })
        for step in ["EntriesController", "EntriesDependencies", "window.replaceRoot(with:", "controller.rootScene"] {
            XCTAssertTrue(sample.body.replacingOccurrences(of: "\n", with: " ").contains(step), step)
        }
        XCTAssertFalse(sample.body.contains("push its initial scene"))
    }
}
