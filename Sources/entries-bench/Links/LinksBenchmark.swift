import EntryModel
import Foundation
import SQLiteStore

/// `entries-bench links [--count 1000000] [--in DIR | --database FILE]`: links at scale, on SQLite. A journal of
/// `count` generated entries with three links each on average (by id and by title, to earlier
/// entries; every thousandth entry also links to the first, a "hub"), imported in one transaction;
/// then the reads the app makes: the backlinks of an entry, the look-up of 50 links (opening the
/// details of an entry with 50 links), "on this day", and a rename of the hub's title (its title
/// links then lead elsewhere; its id links follow it).
enum LinksBenchmark {
    static func run(arguments: [String]) -> Int32 {
        var count = 1_000_000
        var folder = NSTemporaryDirectory()
        var database: String?
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            switch option {
            case "--count":
                guard let value = remaining.popFirst().flatMap({ Int($0.replacingOccurrences(of: "_", with: "")) }),
                    value >= 2_000
                else {
                    return fail("--count takes a number of entries of at least 2000")
                }
                count = value
            case "--in":
                guard let value = remaining.popFirst() else { return fail("--in needs a folder") }
                folder = value
            case "--database":
                guard let value = remaining.popFirst() else { return fail("--database needs a journal") }
                database = value
            default:
                return fail("usage: entries-bench links [--count 1000000] [--in DIR | --database FILE]")
            }
        }
        do {
            if let database {
                try measureReads(database: database)
                return 0
            }
            try measure(
                count: count,
                path: (folder as NSString).appendingPathComponent(
                    "links-bench-\(ProcessInfo.processInfo.processIdentifier).sqlite"))
            return 0
        } catch {
            return fail("links benchmark failed: \(error)")
        }
    }

    private static func measure(count: Int, path: String) throws {
        var backend = SQLiteBackend(path: path)
        defer {
            try? backend.close();
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let entries = try backend.makeEmpty()
        var generator = GeneratedEntries(withLinks: true)
        let batch = 10_000
        var generating = 0.0
        let importSeconds = try Timing.seconds {
            try entries.insert(
                batchesFrom: { write in
                    var made = 0
                    while made < count {
                        var drafts: [EntryDraft] = []
                        generating += Timing.seconds { drafts = generator.drafts(min(batch, count - made)) }
                        try write(drafts)
                        made += drafts.count
                    }
                }, progress: nil)
        }
        // Making up the entries is the benchmark's work, not the store's (as in `entries-bench store`).
        let storeSeconds = importSeconds - generating
        let links = generator.linkCount
        let titles = generator.titles
        let stages = backend.importDetails()
        let hub = try existing(try entries.entry(id: 1), "the first entry")
        let reads = try Reads(entries, count: count, titles: titles)
        var renamed = hub
        renamed.title = hub.title + " (renamed)"
        let renameSeconds = try Timing.seconds { renamed = try entries.update(renamed) }
        let afterRename = try entries.backlinks(to: hub.id).count
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            """
            links benchmark, SQLite, \(count) entries, \(links) links (\(String(format: "%.2f", Double(links) / Double(count))) per entry)
            import (one transaction)        \(String(format: "%.1f s, %.0f entries/s", storeSeconds, Double(count) / storeSeconds))
              with generating the entries   \(String(format: "%.1f s, %.0f entries/s", importSeconds, Double(count) / importSeconds))
            \(stages.map { "  " + $0.label.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%.2f s", $0.seconds) }.joined(separator: "\n"))
            \(reads.lines)
            rename of the hub's title       \(String(format: "%.3f", renameSeconds * 1000)) ms; backlinks after: \(afterRename) (id links follow, title links do not)
            database size                   \(size / 1_000_000) MB
            """)
    }

    /// The reads alone, on the journal at `database` (made with links by `entries-bench store`).
    private static func measureReads(database: String) throws {
        let opened = try EntryDatabase(path: database)
        defer { try? opened.close() }
        let entries = opened.entries
        let count = try entries.count(filter: .all)
        let firstPage = PageRequest(order: .oldest, filter: .all, anchor: .start, limit: 1_000)
        let titles = try entries.page(firstPage).map(\.title)
        let reads = try Reads(entries, count: count, titles: titles)
        print(
            """
            links benchmark, SQLite, the reads on \(database) (\(count) entries)
            \(reads.lines)
            """)
    }

    /// The reads the app makes, timed.
    private struct Reads {
        let lines: String

        init(_ entries: any EntryRepository, count: Int, titles: [String]) throws {
            let hub = try LinksBenchmark.existing(try entries.entry(id: 1), "the first entry")
            var picks = SplitMix64(seed: 7)
            let backlinks = try Timing.measure(repetitions: 1_000) {
                _ = try entries.backlinks(to: 1 + Int64(picks.next() % UInt64(count)))
            }
            var firstPages = SplitMix64(seed: 7)
            let backlinkPages = try Timing.measure(repetitions: 1_000) {
                _ = try entries.backlinks(
                    to: 1 + Int64(firstPages.next() % UInt64(count)), after: nil, limit: BacklinkPage.size)
            }
            var hubBacklinkCount = 0
            let hubBacklinks = try Timing.measure(repetitions: 100) {
                hubBacklinkCount = try entries.backlinks(to: hub.id).count
            }
            let hubFirstPage = try Timing.measure(repetitions: 200) {
                _ = try entries.backlinks(to: hub.id, after: nil, limit: BacklinkPage.size)
            }
            let secondAfter = try entries.backlinks(to: hub.id, after: nil, limit: BacklinkPage.size).last
            let hubSecondPage = try Timing.measure(repetitions: 200) {
                _ = try entries.backlinks(to: hub.id, after: secondAfter, limit: BacklinkPage.size)
            }
            let fifty: [EntryLinkTarget] = (0..<50).map { index in
                index % 2 == 0
                    ? .id(Int64(1 + (index * 7_919) % count)) : .title(titles[(index * 104_729) % titles.count])
            }
            let lookUp = try Timing.measure(repetitions: 200) { _ = try entries.linkedEntries(fifty) }
            let today = CivilDay(GeneratedEntries.lastDate, in: .current)
            let onThisDay = try Timing.measure(repetitions: 100) {
                _ = try entries.entriesOnThisDay(today, timeZone: .current, limit: 50)
            }
            let page = BacklinkPage.size
            lines = """
                backlinks of a random entry     \(backlinks.millisecondsSummary) ms (median / p99, 1000 entries)
                  its first page (\(page))         \(backlinkPages.millisecondsSummary) ms
                backlinks of the hub (\(hubBacklinkCount))      \(hubBacklinks.millisecondsSummary) ms (all of them)
                  its first page (\(page))         \(hubFirstPage.millisecondsSummary) ms
                  its second page (\(page))        \(hubSecondPage.millisecondsSummary) ms
                look-up of 50 links (details)   \(lookUp.millisecondsSummary) ms
                on this day (limit 50)          \(onThisDay.millisecondsSummary) ms
                """
        }
    }

    private static func existing<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw EntryStoreError.other("\(what) is missing") }
        return value
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("entries-bench links: \(message)\n".utf8))
        return 2
    }
}
