import EntryModel
import Foundation
import XCTest

/// Links and backlinks on every repository: kept through every way an entry is written, and
/// resolved as ``EntryLink`` documents (ids always, titles to the first entry of the title).
final class EntryRepositoryLinksTests: XCTestCase {
    private func titles(_ summaries: [EntrySummary]) -> [String] { summaries.map(\.title) }

    private func draft(_ title: String, _ body: String = "", minutesAgo: Double, more: String = "") -> EntryDraft {
        EntryDraft(title: title, body: body, moreDetails: more, createdAt: Date(timeIntervalSinceNow: -60 * minutesAgo))
    }

    func testBacklinksByTitleAndByIdNewestFirst() {
        forEachRepository { kind, entries in
            let target = try entries.insert(draft("Pelican notes", minutesAgo: 50))
            try entries.insert(draft("Old mention", "saw [[pelican NOTES]] again", minutesAgo: 40))
            try entries.insert(draft("By id", "see [[#\(target.id)]] and [[#\(target.id)|twice]]", minutesAgo: 10))
            try entries.insert(draft("In more details", minutesAgo: 20, more: "[[Pelican notes]]"))
            try entries.insert(draft("In code", "`[[Pelican notes]]`", minutesAgo: 5))
            try entries.insert(draft("Both ways", "[[Pelican notes]] [[#\(target.id)]]", minutesAgo: 30))
            try entries.update(
                try XCTUnwrap(try entries.entry(id: target.id)).with(body: "self: [[Pelican notes]] [[#\(target.id)]]"))
            XCTAssertEqual(
                titles(try entries.backlinks(to: target.id)), ["By id", "In more details", "Both ways", "Old mention"],
                "\(kind): newest first, once each, not itself, not code")
            XCTAssertEqual(try entries.backlinks(to: 9_999), [], "\(kind): no such entry")
        }
    }

    /// Pages of backlinks, newest first, each after the last of the one before, are the whole list
    /// once each (sources sharing a creation time ordered by id, title links among them, not itself,
    /// nor one in the trash).
    func testBacklinksInPagesAreTheWholeListInOrder() {
        forEachRepository { kind, entries in
            let hub = try entries.insert(draft("Hub", minutesAgo: 100))
            let sameMinute = Date(timeIntervalSinceNow: -60 * 30)
            for index in 0..<7 {
                let body = index % 2 == 0 ? "[[#\(hub.id)]]" : "[[hub]]"
                let createdAt = index < 4 ? sameMinute : Date(timeIntervalSinceNow: -60 * Double(90 - index))
                try entries.insert(EntryDraft(title: "Source \(index)", body: body, createdAt: createdAt))
            }
            let trashed = try entries.insert(draft("Trashed", "[[#\(hub.id)]]", minutesAgo: 1))
            try entries.delete(id: trashed.id)
            try entries.insert(draft("Elsewhere", "[[Nothing]]", minutesAgo: 2))
            let expected = titles(try entries.backlinks(to: hub.id))
            XCTAssertEqual(expected.count, 7, "\(kind)")
            XCTAssertEqual(Array(expected.prefix(4)), ["Source 3", "Source 2", "Source 1", "Source 0"], "\(kind)")

            for size in [1, 2, 3, 7, 50] {
                var pages: [[String]] = []
                try BacklinkPage.forEach(of: hub.id, in: entries, size: size) { pages.append(titles($0)) }
                XCTAssertEqual(pages.flatMap { $0 }, expected, "\(kind): pages of \(size)")
                XCTAssertTrue(pages.dropLast().allSatisfy { $0.count == size }, "\(kind): full pages of \(size)")
            }
            let first = try entries.backlinks(to: hub.id, after: nil, limit: 2)
            XCTAssertEqual(titles(first), Array(expected.prefix(2)), "\(kind)")
            XCTAssertEqual(
                titles(try entries.backlinks(to: hub.id, after: first.last, limit: 3)), Array(expected[2..<5]),
                "\(kind): the keyset continues after the last of the page")
            XCTAssertEqual(try entries.backlinks(to: hub.id, after: nil, limit: 0), [], "\(kind)")
            XCTAssertEqual(try entries.backlinks(to: 9_999, after: nil, limit: 5), [], "\(kind): no such entry")
        }
    }

    /// A source whose date is edited takes its new place in the pages; trashed and restored, it keeps it.
    func testBacklinkPagesFollowASourcesNewDate() {
        forEachRepository { kind, entries in
            let hub = try entries.insert(draft("Hub", minutesAgo: 100))
            var moved = try entries.insert(draft("Moved", "[[Hub]]", minutesAgo: 90))
            for index in 0..<5 {
                try entries.insert(draft("Source \(index)", "[[#\(hub.id)]]", minutesAgo: Double(80 - index)))
            }
            moved.createdAt = Date(timeIntervalSinceNow: -60 * 77.5)
            moved = try entries.update(moved)
            let expected = ["Source 4", "Source 3", "Moved", "Source 2", "Source 1", "Source 0"]
            XCTAssertEqual(titles(try entries.backlinks(to: hub.id)), expected, "\(kind)")
            var pages: [String] = []
            try BacklinkPage.forEach(of: hub.id, in: entries, size: 2) { pages += titles($0) }
            XCTAssertEqual(pages, expected, "\(kind): pages after the edit of a date")
            try entries.delete(id: moved.id)
            try entries.restore(id: moved.id)
            let third = try entries.backlinks(to: hub.id, after: nil, limit: 2).last
            XCTAssertEqual(
                titles(try entries.backlinks(to: hub.id, after: third, limit: 2)), ["Moved", "Source 2"],
                "\(kind): restored in its place")
        }
    }

    func testASharedTitleLeadsToTheFirstEntryStoredAndARenameFollowsTheTitle() {
        forEachRepository { kind, entries in
            let first = try entries.insert(draft("Standup", minutesAgo: 10))
            let second = try entries.insert(draft("standup", minutesAgo: 20))
            let linking = try entries.insert(draft("Notes", "[[Standup]] and [[#\(second.id)]]", minutesAgo: 1))
            XCTAssertEqual(
                try entries.backlinks(to: first.id).map(\.id), [linking.id], "\(kind): the title leads to the lowest id"
            )
            XCTAssertEqual(try entries.backlinks(to: second.id).map(\.id), [linking.id], "\(kind): by id")
            let resolved = try entries.linkedEntries([.title("STANDUP"), .id(second.id), .title("Nothing"), .id(777)])
            XCTAssertEqual(resolved[.title("STANDUP")]?.id, first.id, "\(kind)")
            XCTAssertEqual(resolved[.id(second.id)]?.id, second.id, "\(kind)")
            XCTAssertNil(resolved[.title("Nothing")], "\(kind)")
            XCTAssertNil(resolved[.id(777)], "\(kind)")

            // Renamed, the first no longer holds the title: the link goes to the next one of it.
            try entries.update(try XCTUnwrap(try entries.entry(id: first.id)).with(title: "Retro"))
            XCTAssertEqual(try entries.backlinks(to: first.id), [], "\(kind): a title link follows the title")
            XCTAssertEqual(try entries.linkedEntries([.title("Standup")])[.title("Standup")]?.id, second.id, "\(kind)")
            XCTAssertEqual(
                try entries.backlinks(to: second.id).map(\.id), [linking.id], "\(kind): once, though linked twice")
        }
    }

    func testLinksFollowEditsTrashAndRestore() {
        forEachRepository { kind, entries in
            let target = try entries.insert(draft("Target", minutesAgo: 10))
            let source = try entries.insert(draft("Source", "[[Target]]", minutesAgo: 5))
            XCTAssertEqual(try entries.backlinks(to: target.id).map(\.id), [source.id], "\(kind)")

            let edited = try entries.update(try XCTUnwrap(try entries.entry(id: source.id)).with(body: "no link now"))
            XCTAssertEqual(try entries.backlinks(to: target.id), [], "\(kind): an edit removes the link")
            try entries.update(edited.with(body: "back: [[#\(target.id)]]"))
            XCTAssertEqual(try entries.backlinks(to: target.id).map(\.id), [source.id], "\(kind): and adds it")

            try entries.delete(id: source.id)
            XCTAssertEqual(try entries.backlinks(to: target.id), [], "\(kind): a trashed entry links to nothing")
            try entries.restore(id: source.id)
            XCTAssertEqual(
                try entries.backlinks(to: target.id).map(\.id), [source.id], "\(kind): restored with its links")

            try entries.delete(id: target.id)
            XCTAssertEqual(
                try entries.linkedEntries([.id(target.id), .title("Target")]), [:],
                "\(kind): a trashed target is nothing")
            try entries.restore(id: target.id)
            XCTAssertEqual(
                try entries.backlinks(to: target.id).map(\.id), [source.id], "\(kind): the links to it come back too")

            try entries.delete(id: source.id)
            try entries.emptyTrash(deletedBefore: nil)
            XCTAssertEqual(try entries.backlinks(to: target.id), [], "\(kind): emptied away")
            try entries.renameTag("none", to: "still none")
        }
    }

    /// Every bulk path: a small batch (row by row), a large one (the fast path), and streamed batches.
    func testBulkInsertsKeepLinksWithinTheBatchAndToEntriesBefore() {
        forEachRepository { kind, entries in
            let before = try entries.insert(draft("Before", minutesAgo: 100_000))
            for size in [3, 1_200] {
                let drafts = (0..<size).map { index in
                    draft(
                        "Bulk \(size) \(index)", "[[Before]] [[Bulk \(size) \((index + 1) % size)]]",
                        minutesAgo: Double(size * 10 + index))
                }
                XCTAssertEqual(try entries.insert(contentsOf: drafts, progress: nil), size, "\(kind)")
            }
            let streamed = (0..<700).map { index in
                draft("Streamed \(index)", "[[#\(before.id)]]", minutesAgo: Double(index))
            }
            try entries.insert(
                batchesFrom: { write in
                    try write(Array(streamed[..<350]))
                    try write(Array(streamed[350...]))
                }, progress: nil)
            let backlinks = try entries.backlinks(to: before.id)
            XCTAssertEqual(backlinks.count, 3 + 1_200 + 700, "\(kind)")
            XCTAssertEqual(backlinks.first?.title, "Streamed 0", "\(kind): newest first")
            let bulk = try XCTUnwrap(
                try entries.page(PageRequest(order: .title, filter: .all, limit: 5_000)).first {
                    $0.title == "Bulk 1200 5"
                })
            XCTAssertEqual(titles(try entries.backlinks(to: bulk.id)), ["Bulk 1200 4"], "\(kind): within the batch")
        }
    }
}

extension Entry {
    fileprivate func with(title: String? = nil, body: String? = nil) -> Entry {
        var copy = self
        if let title { copy.title = title }
        if let body { copy.body = body }
        return copy
    }
}
