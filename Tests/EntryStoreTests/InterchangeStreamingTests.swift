import EntryInterchange
import EntryModel
@testable import SQLiteStore
import Foundation
import XCTest

/// Imports read a window of the file at a time (``ImportWindow``) and store it a batch at a time
/// (``StreamedImport``): the same drafts and the same errors, at the same places, as reading the whole
/// file; a bad record at the end of a file larger than a batch stores nothing and is named.
final class InterchangeStreamingTests: TemporaryDatabaseTestCase {
    /// Windows cut everywhere: inside strings, escapes, numbers, `true`, multi-byte characters, `\r\n`.
    private let readSizes = [1, 2, 3, 7, 64]

    private var files: [(ImportFormat, Data)] {
        let entries = InterchangeFixtures.trickyEntries
        return [
            (.json, Data(EntryExporter.bytes(of: entries, format: .json))),
            (.jsonl, Data(EntryExporter.bytes(of: entries, format: .jsonl))),
            (.csv, Data(EntryExporter.bytes(of: entries, format: .csv))),
            (.jrnl, Data(Self.jrnlExport.utf8)),
            (.dayone, Data(InterchangeDayOneTests.sample.utf8)),
            (
                .json,
                Data(
                    "\u{FEFF}[ {\"title\":\"t\",\"body\":\"é\\u00e9 \\ud83d\\ude00\",\"tags\":[\"x\"],\"createdAt\":\"2024-01-05\"} ,\r\n{\"title\":\"u\"}]  "
                        .utf8)
            ),
        ]
    }

    func testEveryFormatReadsTheSameDraftsThroughASmallWindow() throws {
        for (format, data) in files {
            let whole = try format.drafts(from: data, timeZone: TimeZone(identifier: "UTC")!)
            XCTAssertFalse(whole.isEmpty)
            for readSize in readSizes {
                XCTAssertEqual(
                    try drafts(format, data, readSize: readSize), whole, "\(format) through \(readSize)-byte reads")
            }
        }
    }

    func testErrorsNameTheSamePlaceThroughASmallWindow() throws {
        let bad: [(ImportFormat, String)] = [
            (.json, "[{\"title\":\"a\"},\n {\"title\":\"b\"}\n {\"title\":\"c\"}]"),
            (.json, "[{\"title\":\"a\"},\n {\"title\":\"\"}]"),
            (.json, "[{\"title\":\"a\"}] x"),
            (.json, "[{\"title\":\"a\", \"body\": tru}]"),
            (.json, "[{\"title\":\"a\"},\n{\"title\":\"caf\u{E9} INVALID\"}]"),
            (.jsonl, "{\"title\":\"a\"}\n\n{\"title\":\"b\"} {\"title\":\"c\"}\n"),
            (.jsonl, "{\"title\":\"a\"}\r\n{\"title\":\"b\"\r\n"),
            (.csv, "title,body\na,\"b\nc\"\nd,\"never closed\n"),
            (.csv, "title,body\na,b\nc\n"),
            (.jrnl, "{\"entries\":[{\"title\":\"t\",\"date\":\"2024-01-05\"},\n{\"title\":\"t\",\"time\":\"09:30\"}]}"),
            (.jrnl, "{\"tags\":{}}"),
            (.dayone, "{\"entries\":[{\"creationDate\":\"2024-01-05T09:30:00Z\",\"text\":\"a\"}],\"entries\":[]}"),
        ]
        for (format, text) in bad {
            // INVALID stands for a byte that is not UTF-8.
            let data = Data(
                text.split(separator: "INVALID", omittingEmptySubsequences: false)
                    .map { Array($0.utf8) }.joined(separator: [0xFF]))
            let whole = importError { () throws(ImportError) in try format.drafts(from: data) }
            XCTAssertNotNil(whole, text)
            for readSize in readSizes {
                XCTAssertThrowsError(try drafts(format, data, readSize: readSize), "\(text) through \(readSize)") {
                    error in
                    XCTAssertEqual(error as? ImportError, whole, "\(text) through \(readSize)-byte reads")
                }
            }
        }
    }

    func testAnImportLargerThanABatchStoresEverythingInFileOrder() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let file = try write(Self.jsonLines(count: 2_345))
        let outcome = try StreamedImport.run(into: database.entries, skippingDuplicates: true, batchSize: 500) { sink in
            try ImportFormat.jsonl.read(
                try ImportWindow(reading: FileHandle(forReadingFrom: file), readSize: 4_096), into: sink)
        }
        XCTAssertEqual(outcome, StreamedImport.Outcome(imported: 2_345, skipped: 0))
        let titles = try database.entries.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT title FROM entry WHERE id > ? ORDER BY id", arguments: [SampleEntries.all.count])
        }
        XCTAssertEqual(titles, (1...2_345).map { "Entry \($0)" })
        XCTAssertEqual(try database.entries.search("zebra2345", limit: 5).map(\.title), ["Entry 2345"])
        XCTAssertEqual(
            try database.entries.count(filter: EntryFilter(tag: "t7")), 2_345 / 50 + (2_345 % 50 >= 7 ? 1 : 0))
        // Again: every entry is in the store now, in another batch than where it was first seen.
        let again = try StreamedImport.run(into: database.entries, skippingDuplicates: true, batchSize: 300) { sink in
            try ImportFormat.jsonl.read(try ImportWindow(reading: FileHandle(forReadingFrom: file)), into: sink)
        }
        XCTAssertEqual(again, StreamedImport.Outcome(imported: 0, skipped: 2_345))
    }

    func testRepeatsInLaterBatchesAreSkipped() throws {
        let database = try openDatabase()
        let entries = Self.jsonLines(count: 700)
        let repeated = entries + Self.jsonLines(count: 700, offset: 700) + entries
        let outcome = try StreamedImport.run(into: database.entries, skippingDuplicates: true, batchSize: 256) { sink in
            try ImportFormat.jsonl.read(ImportWindow(data: repeated), into: sink)
        }
        XCTAssertEqual(outcome, StreamedImport.Outcome(imported: 1_400, skipped: 700))
        let all = try StreamedImport.run(into: database.entries, skippingDuplicates: false, batchSize: 256) { sink in
            try ImportFormat.jsonl.read(ImportWindow(data: entries), into: sink)
        }
        XCTAssertEqual(all, StreamedImport.Outcome(imported: 700, skipped: 0))
    }

    func testABadRecordAtTheEndOfALargeFileImportsNothingAndIsNamed() throws {
        let database = try openDatabase()
        try database.seedSampleEntries()
        let hitsBefore = try database.entries.search("passphrase", limit: 50)
        let file = try write(
            Self.jsonLines(count: 3_000) + Data("{\"title\":\"last\",\"createdAt\":\"yesterday\"}\n".utf8))
        XCTAssertThrowsError(
            try StreamedImport.run(into: database.entries, skippingDuplicates: true, batchSize: 1_000) { sink in
                try ImportFormat.jsonl.read(
                    try ImportWindow(reading: FileHandle(forReadingFrom: file), readSize: 10_000), into: sink)
            }
        ) { error in
            let error = error as? ImportError
            XCTAssertEqual(error?.line, 3_001)
            XCTAssertEqual(error?.field, "createdAt")
        }
        XCTAssertEqual(try database.entries.count(filter: .all), SampleEntries.all.count)
        XCTAssertEqual(try database.entries.search("passphrase", limit: 50), hitsBefore)
        XCTAssertEqual(try database.entries.search("zebra1", limit: 5), [])
    }

    // MARK: - Helpers

    private static let jrnlExport = """
        {
          "tags": {"@work": 2, "#idea": 1},
          "entries": [
            {"title": "Standup went long.", "body": "Talked about the release.\\nThen lunch. caf\u{E9}",
             "date": "2024-01-05", "time": "09:30", "tags": ["@work"], "starred": false},
            {"title": "Idea", "body": "", "date": "2024-01-06", "time": "21:05:30",
             "tags": ["@work", "#idea", "@work"], "starred": true, "uuid": "9A1B"}
          ]
        }
        """

    private func drafts(_ format: ImportFormat, _ data: Data, readSize: Int) throws -> [EntryDraft] {
        let file = try write(data)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var drafts: [EntryDraft] = []
        try format.read(try ImportWindow(reading: handle, readSize: readSize), timeZone: TimeZone(identifier: "UTC")!) {
            drafts.append($0)
        }
        return drafts
    }

    private func write(_ data: Data) throws -> URL {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(UUID().uuidString)
        try data.write(to: url)
        return url
    }

    /// Entries "Entry N" with a word of their own ("zebraN"), a tag of 50, a creation time each.
    static func jsonLines(count: Int, offset: Int = 0) -> Data {
        var text = ""
        for index in (offset + 1)...(offset + count) {
            let minute = String(format: "%02d:%02d", index / 60 % 24, index % 60)
            text += "{\"title\":\"Entry \(index)\",\"body\":\"alpha zebra\(index)\",\"tags\":[\"t\(index % 50)\"],"
            text += "\"createdAt\":\"2024-0\(1 + index / 1440 % 9)-\(10 + index / 60 / 24 % 18)T\(minute):00.000Z\"}\n"
        }
        return Data(text.utf8)
    }
}
