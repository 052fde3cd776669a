import EntryModel
import SQLiteStore
import XCTest

/// The sample entries a new journal starts with: a few, complete, all tagged so one command removes
/// them, and covering the keys and commands a newcomer needs first.
final class SampleEntriesTests: XCTestCase {
    func testAFewCompleteEntriesWithDistinctTitlesAllTaggedSample() {
        let samples = SampleEntries.all
        XCTAssertGreaterThanOrEqual(samples.count, 4)
        XCTAssertLessThanOrEqual(samples.count, 8, "few enough not to weigh on a new journal's statistics")
        XCTAssertEqual(Set(samples.map(\.title)).count, samples.count, "titles are distinct")
        for sample in samples {
            XCTAssertFalse(sample.body.isEmpty, sample.title)
            XCTAssertFalse(sample.moreDetails.isEmpty, sample.title)
            XCTAssertTrue(sample.tags.contains(SampleEntries.tag), "\(sample.title) can be removed with the others")
            XCTAssertNotNil(sample.createdAt, sample.title)
        }
        XCTAssertTrue(samples.contains { $0.updatedAt != $0.createdAt }, "some were edited")
    }

    func testTheGuideMentionsTheFirstKeysAndCommands() {
        let text = SampleEntries.all.map { $0.title + "\n" + $0.body + "\n" + $0.moreDetails }.joined(separator: "\n")
        for key in [
            "`Enter`", "`m`", "`Esc`", "`Backspace`", "`/`", "`t`", "`a`", "`e`", "`d`", "`u`", "`s`", "`c`",
            "`?`", "`q`",
        ] {
            XCTAssertTrue(text.contains(key), "key \(key)")
        }
        for command in [
            "entries list", "entries read", "entries show", "entries search", "entries add", "entries import",
            "entries export", "entries encrypt", "entries delete --tag \(SampleEntries.tag)",
        ] {
            XCTAssertTrue(text.contains(command), command)
        }
    }

    func testSeedingANewDatabaseStoresThemAllSearchablyAndOneFilterFindsThemAll() throws {
        let database = try EntryDatabase.inMemory()
        try database.seedSampleEntries()
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(
            try database.entries.page(PageRequest(order: .newest, limit: 1)).first?.title, "Welcome to entries")
        XCTAssertFalse(try database.entries.search("red beans", limit: 10).isEmpty)
        XCTAssertEqual(try database.entries.count(filter: EntryFilter(tag: SampleEntries.tag)), SampleEntries.all.count)
    }
}
