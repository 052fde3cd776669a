import EntryInterchange
import EntryModel
import Foundation
import SQLiteStore
import XCTest

/// Moving and copying entries between journals (``EntryTransfer``): across SQLite, encrypted SQLite
/// and PostgreSQL journals, all or nothing, with failures injected in the middle of the move.
final class EntryTransferTests: TemporaryDatabaseTestCase {
    private typealias Journal = any EntryRepository & EntryRemoval

    private enum Kind: String, CaseIterable {
        case sqlite, encrypted
        #if PostgreSQL
        case postgreSQL
        #endif
    }

    private func makeJournal(_ kind: Kind) throws -> Journal {
        switch kind {
        case .sqlite: return try openDatabase(at: folder + "/\(UUID().uuidString).sqlite").entries
        case .encrypted: return try EncryptedTestJournal.make().entries
        #if PostgreSQL
        case .postgreSQL: return try TestPostgreSQL.makeDatabase().entries
        #endif
        }
    }

    private var kinds: [Kind] {
        #if PostgreSQL
        Kind.allCases.filter { $0 != .postgreSQL || TestPostgreSQL.isAvailable() }
        #else
        Kind.allCases
        #endif
    }

    private let drafts = [
        EntryDraft(
            title: "Standup", body: "Talked about the release.", moreDetails: "Minutes", tags: ["work", "Meetings"],
            createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_600), starred: true),
        EntryDraft(
            title: "Garden", body: "Planted beans.", tags: ["home"],
            createdAt: Date(timeIntervalSince1970: 1_700_100_000)),
        EntryDraft(
            title: "Retro", body: "What went well.", tags: ["work"],
            createdAt: Date(timeIntervalSince1970: 1_700_200_000), updatedAt: Date(timeIntervalSince1970: 1_700_300_000)
        ),
    ]

    /// A source holding ``drafts`` and a destination holding one entry of its own.
    private func journals(_ from: Kind, _ to: Kind) throws -> (source: Journal, destination: Journal, ids: [Int64]) {
        let source = try makeJournal(from)
        let ids = try drafts.map { try source.insert($0).id }
        let destination = try makeJournal(to)
        try destination.insert(
            EntryDraft(title: "Already there", createdAt: Date(timeIntervalSince1970: 1_600_000_000)))
        return (source, destination, ids)
    }

    /// Everything an entry is but its id.
    private func content(_ entry: Entry) -> String {
        "\(entry.title)|\(entry.body)|\(entry.moreDetails)|\(entry.tags)|\(entry.createdAt.timeIntervalSince1970)|"
            + "\(entry.updatedAt.timeIntervalSince1970)|\(entry.starred)"
    }

    private func contents(_ journal: any EntryRepository) throws -> [String] {
        var all: [String] = []
        try journal.forEachEntry(order: .oldest) { all.append(content($0)) }
        return all
    }

    func testMoveAcrossEveryKindOfJournalKeepsEverythingButTheId() throws {
        for from in kinds {
            for to in kinds {
                let (source, destination, ids) = try journals(from, to)
                let before = try source.entries(ids: [ids[0], ids[2]]).map(content)
                let moved = try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                    ids: [ids[2], ids[0]], mode: .move)
                XCTAssertEqual(moved.map(\.title), ["Retro", "Standup"], "\(from) → \(to): in the order given")
                XCTAssertEqual(
                    try contents(source), [content(try XCTUnwrap(source.entry(id: ids[1])))], "\(from) → \(to)")
                XCTAssertEqual(
                    try source.trashedEntries().count, 0, "\(from) → \(to): a moved entry does not stay in the trash")
                XCTAssertEqual(try contents(destination).dropFirst().sorted(), before.sorted(), "\(from) → \(to)")
                XCTAssertEqual(try destination.count(filter: .all), 3)
                XCTAssertEqual(
                    try destination.search("release", limit: 5).map(\.title), ["Standup"], "\(from) → \(to): indexed")
                XCTAssertEqual(try destination.tags().map(\.tag), ["Meetings", "work"], "\(from) → \(to)")
                XCTAssertEqual(
                    try source.tags().map(\.tag), ["home"], "\(from) → \(to): the source's tag counts follow")
                XCTAssertEqual(try destination.count(filter: EntryFilter(starred: true)), 1)
            }
        }
    }

    func testCopyLeavesTheSourceAsItWas() throws {
        for kind in kinds {
            let (source, destination, ids) = try journals(kind, .sqlite)
            let before = try contents(source)
            try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                ids: [ids[1], ids[1]], mode: .copy)
            XCTAssertEqual(try contents(source), before, "\(kind)")
            XCTAssertEqual(try destination.count(filter: .all), 2, "\(kind): an id given twice is copied once")
            XCTAssertEqual(try contents(destination).last, before[1], "\(kind)")
        }
    }

    func testAnUnknownIdChangesNeitherJournal() throws {
        for kind in kinds {
            let (source, destination, ids) = try journals(kind, kind)
            let (sourceBefore, destinationBefore) = (try contents(source), try contents(destination))
            assertThrows(.notFound(id: 999)) {
                try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                    ids: [ids[0], 999], mode: .move)
            }
            XCTAssertEqual(try contents(source), sourceBefore, "\(kind)")
            XCTAssertEqual(try contents(destination), destinationBefore, "\(kind)")
        }
    }

    func testAWriteThatFailsInTheDestinationChangesNeitherJournal() throws {
        for kind in kinds {
            let (source, real, ids) = try journals(kind, kind)
            let destination = FaultyEntryRepository(real)
            destination.failAfterBatches = 1
            let (sourceBefore, destinationBefore) = (try contents(source), try contents(real))
            XCTAssertThrowsError(
                try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                    ids: ids, mode: .move))
            XCTAssertEqual(try contents(source), sourceBefore, "\(kind)")
            XCTAssertEqual(try contents(real), destinationBefore, "\(kind)")
        }
    }

    /// The source's removal fails halfway (another process deleted the second entry meanwhile): its
    /// first removal is rolled back, and so is everything written into the destination.
    func testARemovalThatFailsHalfwayRollsBackBothJournals() throws {
        for from in kinds {
            for to in kinds {
                let (real, destination, ids) = try journals(from, to)
                let source = FaultyEntryRepository(real)
                source.beforeRemoval = { try real.delete(id: ids[1]) }
                let destinationBefore = try contents(destination)
                assertThrows(.notFound(id: ids[1])) {
                    try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                        ids: ids, mode: .move)
                }
                XCTAssertEqual(
                    try real.entries(ids: ids).map(\.title), ["Standup", "Retro"],
                    "\(from) → \(to): the first removal undone")
                XCTAssertEqual(
                    try real.trashedEntries().map(\.entry.title), ["Garden"],
                    "\(from) → \(to): the other process's delete stands")
                XCTAssertEqual(try contents(destination), destinationBefore, "\(from) → \(to)")
                XCTAssertEqual(
                    try destination.search("release", limit: 5), [], "\(from) → \(to): nothing left in the index")
            }
        }
    }

    /// The destination fails at the very end, after the source removed the entries: they are put
    /// back into the source (new ids, same everything else), and the error says so.
    func testADestinationThatFailsToCommitGetsTheEntriesPutBack() throws {
        for kind in kinds {
            let (source, real, ids) = try journals(kind, kind)
            let destination = FaultyEntryRepository(real)
            destination.failBeforeCommit = true
            let (sourceBefore, destinationBefore) = (try contents(source), try contents(real))
            XCTAssertThrowsError(
                try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                    ids: [ids[0]], mode: .move)
            ) { error in
                guard case .putBack = error as? EntryTransferError else { return XCTFail("\(kind): \(error)") }
                XCTAssertTrue("\(error)".contains("injected: the commit failed; nothing was moved"), "\(error)")
            }
            XCTAssertEqual(try contents(source).sorted(), sourceBefore.sorted(), "\(kind)")
            XCTAssertNil(try source.entry(id: ids[0]), "\(kind): put back with a new id")
            XCTAssertEqual(try contents(real), destinationBefore, "\(kind)")
        }
    }

    func testWhenPuttingBackFailsTooTheEntriesAreHandedToTheCaller() throws {
        let (realSource, realDestination, ids) = try journals(.sqlite, .sqlite)
        let source = FaultyEntryRepository(realSource)
        source.failPlainInserts = true
        let destination = FaultyEntryRepository(realDestination)
        destination.failBeforeCommit = true
        XCTAssertThrowsError(
            try EntryTransfer(source: source, destination: destination, sourceRemoval: source).run(
                ids: [ids[0], ids[2]], mode: .move)
        ) { error in
            guard case .notPutBack(let entries, _, _) = error as? EntryTransferError else { return XCTFail("\(error)") }
            XCTAssertEqual(entries.map(\.title), ["Standup", "Retro"])
            XCTAssertEqual(entries.first?.tags, ["work", "Meetings"])
        }
    }
}
