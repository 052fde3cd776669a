import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// A Day One export's zip read as it is (never extracted), and the hostile zips it must refuse: zip
/// bombs, names that climb out, truncated or damaged zips, zips that are not Day One's, duplicate
/// names and central directories that claim too much.
final class InterchangeDayOneZipTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dayone-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var sample: Data { Data(InterchangeDayOneTests.sample.utf8) }

    /// The export as Day One zips it: the journal, and media beside it that are never read.
    private func export(folder: String = "", journal: Data? = nil, zip64: Bool = false) -> ZipFileBuilder {
        ZipFileBuilder(
            members: [
                .init(name: folder + "Journal.json", data: journal ?? sample),
                .init(
                    name: folder + "photos/5d41402abc4b2a76b9719d911017c592.jpeg",
                    data: Data(repeating: 0xD8, count: 5000), deflated: false),
                .init(
                    name: folder + "audios/7d793037a0760186574b0282f2f435e7.m4a", data: Data(repeating: 7, count: 300)),
            ], zip64: zip64)
    }

    private func write(_ zip: ZipFileBuilder, _ name: String = "export.zip") throws -> String {
        try write(zip.data(), name)
    }

    private func write(_ data: Data, _ name: String = "export.zip") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every journal's drafts, read as `entries import` reads them: a window over the inflating reader.
    private func drafts(
        _ path: String, limits: ZipArchive.Limits = .init(), readSize: Int = ImportWindow.readSize
    ) throws -> [EntryDraft] {
        let archive = try ZipArchive(path: path, limits: limits)
        var drafts: [EntryDraft] = []
        for journal in try DayOneZip.journals(in: archive) {
            let window = try ImportWindow(readingFrom: try archive.reader(for: journal), readSize: readSize)
            try ImportFormat.dayone.read(window) { drafts.append($0) }
        }
        return drafts
    }

    private func assertRefused(
        _ path: String, limits: ZipArchive.Limits = .init(), containing message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try drafts(path, limits: limits), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(message), "\(error) should contain \(message)", file: file, line: line)
        }
    }

    func testTheZipReadsLikeTheJournalItHolds() throws {
        let expected = try DayOneJSONFormat.drafts(from: sample)
        XCTAssertEqual(try drafts(try write(export())), expected)
        XCTAssertEqual(
            try drafts(try write(export(folder: "Export - Journal/"), "folder.zip")), expected,
            "in the export's one folder")
        XCTAssertEqual(
            try drafts(try write(export(zip64: true), "zip64.zip")), expected, "a ZIP64 end of central directory")
        var stored = export()
        stored.members[0].deflated = false
        XCTAssertEqual(try drafts(try write(stored, "stored.zip")), expected, "a stored journal")
        XCTAssertEqual(try drafts(try write(export()), readSize: 7), expected, "inflated a few bytes at a time")
    }

    func testEveryJournalOfAMultiJournalExportIsReadInNameOrder() throws {
        let travel = #"{"entries": [{"creationDate": "2024-02-01T10:00:00Z", "text": "Travel one"}]}"#
        let work = #"{"entries": [{"creationDate": "2024-02-02T10:00:00Z", "text": "Work one"}]}"#
        let zip = ZipFileBuilder(members: [
            .init(name: "Work.json", data: Data(work.utf8)), .init(name: "Travel.json", data: Data(travel.utf8)),
            .init(name: "photos/", data: Data(), deflated: false),
            .init(name: "photos/deep/Other.json", data: Data(#"{"not": "read"}"#.utf8)),
            .init(name: "__MACOSX/._Work.json", data: Data([0, 5, 22])),
        ])
        XCTAssertEqual(try drafts(try write(zip)).map(\.title), ["Travel one", "Work one"])
    }

    func testALargeJournalStreamsThroughInFlatMemory() throws {
        // Some 12 MB of journal inflated through windows of 4 MB: the reader hands out what is asked.
        var json = #"{"entries": ["#
        let body = String(repeating: "A line of a long day, written down at night. ", count: 40)
        for index in 0..<6_000 {
            json +=
                (index == 0 ? "" : ",")
                + #"{"creationDate": "2024-03-01T10:00:00Z", "text": "Day \#(index)\n\#(body)"}"#
        }
        json += "]}"
        let zip = ZipFileBuilder(members: [.init(name: "Journal.json", data: Data(json.utf8))])
        let path = try write(zip)
        let archive = try ZipArchive(path: path)
        let reader = try archive.reader(for: archive.members[0])
        var largest = 0, total = 0
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            largest = max(largest, chunk.count)
            total += chunk.count
        }
        XCTAssertEqual(total, json.utf8.count)
        XCTAssertLessThanOrEqual(largest, 1 << 20)
        let read = try drafts(path)
        XCTAssertEqual(read.count, 6_000)
        XCTAssertEqual(read.last?.title, "Day 5999")
    }

    func testAZipBombIsRefusedBeforeOrWhileInflating() throws {
        // Claims its real size: refused before a byte is inflated.
        let honest = ZipFileBuilder(members: [.init(name: "Journal.json", data: Data(repeating: 0x20, count: 3 << 20))])
        var limits = ZipArchive.Limits()
        limits.memberBytes = 1 << 20
        assertRefused(
            try write(honest, "honest.zip"), limits: limits,
            containing: "would inflate to 3145728 bytes, more than the 1048576 this reads (a zip bomb?)")
        // Claims less than it holds: refused when the inflated bytes pass the claim.
        let json = #"{"entries": [{"creationDate": "2024-01-05T09:30:00Z"}]}"# + String(repeating: " ", count: 2 << 20)
        let liar = ZipFileBuilder(members: [.init(name: "Journal.json", data: Data(json.utf8), claimedSize: 60_000)])
        assertRefused(
            try write(liar, "liar.zip"), containing: "inflates to more than the 60000 bytes its header declares")
        // Many journals each within the limit, too much together (members can share their data).
        let many = ZipFileBuilder(
            members: (0..<5).map { .init(name: "J\($0).json", data: sample, claimedSize: 900 << 20) })
        assertRefused(
            try write(many, "many.zip"),
            containing:
                "its .json files would inflate to 4718592000 bytes together, more than the 2147483648 this reads")
        let journals = ZipFileBuilder(members: (0..<30).map { .init(name: "J\($0).json", data: sample) })
        var limits2 = ZipArchive.Limits()
        limits2.journals = 20
        assertRefused(
            try write(journals, "journals.zip"), limits: limits2,
            containing: "it holds 30 .json files, more than the 20 journals this reads")
    }

    func testTruncatedDamagedAndNonZipFilesAreRefused() throws {
        let whole = export().data()
        assertRefused(
            try write(whole.prefix(whole.count - 10), "cut.zip"), containing: "no end of central directory record")
        assertRefused(
            try write(whole.prefix(whole.count / 2), "half.zip"), containing: "no end of central directory record")
        assertRefused(try write(Data("{\"entries\": []}".utf8), "json.zip"), containing: "it is not a zip file")
        assertRefused(try write(Data("PK".utf8), "tiny.zip"), containing: "it is not a zip file (too short)")
        assertRefused(try write(Data(), "empty.zip"), containing: "it is not a zip file (too short)")

        // Bytes of the deflated journal changed: zlib refuses the stream, or the CRC-32 does not match.
        var damaged = whole
        for offset in stride(from: 60, to: 400, by: 7) { damaged[offset] ^= 0x5A }
        assertRefused(try write(damaged, "damaged.zip"), containing: "the zip is corrupt")
        let wrongCRC = ZipFileBuilder(members: [.init(name: "Journal.json", data: sample, claimedCRC32: 0xDEAD_BEEF)])
        assertRefused(try write(wrongCRC, "crc.zip"), containing: "its CRC-32 does not match")
        // A central directory pointing past itself.
        var pointing = whole
        let end = pointing.count - 22
        pointing[end + 16] = 0xFF; pointing[end + 17] = 0xFF
        assertRefused(try write(pointing, "pointing.zip"), containing: "its central directory lies outside the file")
    }

    func testZipsThatAreNotDayOnesAreRefusedByName() throws {
        let photos = ZipFileBuilder(members: [.init(name: "photos/a.jpeg", data: Data([1, 2, 3]))])
        assertRefused(
            try write(photos, "photos.zip"),
            containing: "it holds no journal (no .json file at its top or in its one folder)")
        let other = ZipFileBuilder(members: [.init(name: "package.json", data: Data(#"{"name": "left-pad"}"#.utf8))])
        assertRefused(try write(other, "other.zip"), containing: "package.json inside it is not a Day One export")
        let bad = ZipFileBuilder(members: [
            .init(
                name: "Journal.json",
                data: Data(#"{"entries": [{"creationDate": "2024-01-05T09:30:00Z"}, {"text": "x"}]}"#.utf8))
        ])
        assertRefused(
            try write(bad, "bad.zip"),
            containing: "record 2 (line 1), field \"creationDate\": the creation date is missing")
        let binary = ZipFileBuilder(members: [
            .init(
                name: "Journal.json",
                data: Data(#"{"entries": [{"creationDate": "x"}], "a": ""#.utf8) + Data([0xFF, 0xFE]))
        ])
        assertRefused(try write(binary, "binary.zip"), containing: "invalid UTF-8")
    }

    func testHostileNamesAndDuplicatesAreRefused() throws {
        for name in [
            "../../etc/passwd", "/etc/Journal.json", "photos/../../x.jpeg", "C:\\Journal.json", "..\\evil.json",
        ] {
            let zip = ZipFileBuilder(members: [
                .init(name: "Journal.json", data: sample), .init(name: name, data: Data([1])),
            ])
            assertRefused(try write(zip, "names.zip"), containing: "holds a member named \(name), which climbs out")
        }
        let twice = ZipFileBuilder(members: [
            .init(name: "Journal.json", data: sample), .init(name: "Journal.json", data: sample),
        ])
        assertRefused(try write(twice, "twice.zip"), containing: "it holds two members named Journal.json")
    }

    func testCentralDirectoriesThatClaimTooMuchAreRefused() throws {
        let huge = ZipFileBuilder(
            members: [.init(name: "Journal.json", data: sample)], zip64: true, claimedCount: 1_000_000_000_000)
        assertRefused(
            try write(huge, "huge.zip"), containing: "it claims 1000000000000 members, more than the 1000000 this reads"
        )
        let short = ZipFileBuilder(members: [.init(name: "Journal.json", data: sample)], claimedCount: 40_000)
        assertRefused(
            try write(short, "short.zip"),
            containing: "its central directory ends after 1 of the 40000 members it claims")
        var many = ZipFileBuilder(members: [.init(name: "Journal.json", data: sample)])
        for index in 0..<300 {
            many.members.append(.init(name: "photos/\(index).jpeg", data: Data([UInt8(index % 256)]), deflated: false))
        }
        var limits = ZipArchive.Limits()
        limits.members = 200
        assertRefused(
            try write(many, "many.zip"), limits: limits,
            containing: "it claims 301 members, more than the 200 this reads")
        XCTAssertEqual(try drafts(try write(many, "many.zip")).count, 3, "within the limit")
    }
}
