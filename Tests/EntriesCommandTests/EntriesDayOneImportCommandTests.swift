import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// `entries import` of a Day One export: its Journal.json alone, its unzipped folder, or its zip as
/// it is; a hostile zip is refused by name, nothing imported and the zip left as it was.
final class EntriesDayOneImportCommandTests: EntriesCommandTestCase {
    private let journal = #"""
        {
          "metadata" : { "version" : "1.0" },
          "entries" : [
            { "uuid" : "A1", "creationDate" : "2024-01-05T09:30:00Z", "timeZone" : "Europe\/Lisbon",
              "text" : "Tram 28\n\nUp the hill.", "tags" : [ "travel" ], "starred" : true,
              "photos" : [ { "identifier" : "P1", "md5" : "5d41402a", "type" : "jpeg" } ] },
            { "uuid" : "B2", "creationDate" : "2024-01-07T21:15:42Z", "text" : "Quiet evening" }
          ]
        }
        """#

    func testTheJournalFileOrTheExportFolder() throws {
        let file = try writeFile("Journal.json", journal)
        XCTAssertEqual(try succeed("import", file), "Imported 2 entries.\n")
        let entries = try allEntries().sorted { $0.createdAt < $1.createdAt }
        XCTAssertEqual(entries.map(\.title), ["Tram 28", "Quiet evening"])
        XCTAssertEqual(entries[0].tags, ["travel"])
        XCTAssertEqual(entries.map(\.starred), [true, false])
        XCTAssertEqual(entries[0].moreDetails, "Time zone: Europe/Lisbon\nMedia (not imported): photos/5d41402a.jpeg")

        let folder = directory.appendingPathComponent("Export-Journal")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data(journal.utf8).write(to: folder.appendingPathComponent("Journal.json"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("photos/5d41402a.jpeg"))
        XCTAssertEqual(
            try succeed("import", folder.path),
            "Imported 0 entries; skipped 2 already present (--allow-duplicates imports them).\n")
    }

    func testABadJournalInAFolderIsNamed() throws {
        let folder = directory.appendingPathComponent("Export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"entries": [{"creationDate": "2024-01-05T09:30:00Z"}, {"text": "no date"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("Journal.json"))
        assertFails(
            try entries("import", folder.path),
            containing:
                "Journal.json as dayone: record 2 (line 1), field \"creationDate\": the creation date is missing")
        assertFails(try entries("list"), containing: "no database at")  // nothing imported, not even a database made
    }

    /// The export as Day One zips it, in its folder: the journal, a second journal and the media.
    private func exportZip(_ folder: String = "Export - Journals/") -> ZipFileBuilder {
        ZipFileBuilder(members: [
            .init(name: folder, data: Data(), deflated: false),
            .init(name: folder + "Journal.json", data: Data(journal.utf8)),
            .init(
                name: folder + "Work.json",
                data: Data(#"{"entries": [{"creationDate": "2024-02-01T08:00:00Z", "text": "Stand-up\nShort."}]}"#.utf8)
            ),
            .init(name: folder + "photos/5d41402a.jpeg", data: Data(repeating: 0xD8, count: 2000), deflated: false),
        ])
    }

    func testTheZipImportsAsTheUnzippedFolderDoes() throws {
        let zip = try writeFile("export.zip", exportZip().data())
        let before = try Data(contentsOf: URL(fileURLWithPath: zip))
        XCTAssertEqual(try succeed("import", zip), "Imported 3 entries.\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: zip)), before, "the zip is only read")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("Export - Journals").path),
            "nothing extracted")
        let fromZip = try succeed("export")

        // The same export unzipped, into a second database: the same entries, byte for byte.
        let folder = directory.appendingPathComponent("unzipped")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for member in exportZip("").members where !member.name.isEmpty {
            try member.data.write(to: folder.appendingPathComponent(member.name))
        }
        let other = directory.appendingPathComponent("other.sqlite").path
        XCTAssertEqual(
            try succeed("import", folder.path, environment: ["ENTRIES_DATABASE": other]), "Imported 3 entries.\n")
        XCTAssertEqual(try succeed("export", environment: ["ENTRIES_DATABASE": other]), fromZip)

        XCTAssertEqual(
            try succeed("import", zip),
            "Imported 0 entries; skipped 3 already present (--allow-duplicates imports them).\n")
        let entries = try allEntries().sorted { $0.createdAt < $1.createdAt }
        XCTAssertEqual(entries.map(\.title), ["Tram 28", "Quiet evening", "Stand-up"])
        XCTAssertEqual(entries[0].moreDetails, "Time zone: Europe/Lisbon\nMedia (not imported): photos/5d41402a.jpeg")
    }

    func testHostileZipsAreRefusedByNameAndLeftAsTheyWere() throws {
        var bomb = exportZip()
        bomb.members[1] = .init(name: "Journal.json", data: Data(journal.utf8), claimedSize: 4_000_000_000)
        var liar = exportZip()
        liar.members[1] = .init(
            name: "Export - Journals/Journal.json", data: Data((journal + String(repeating: " ", count: 100_000)).utf8),
            claimedSize: 2000)
        var climbing = exportZip()
        climbing.members.append(.init(name: "../../.bashrc", data: Data("echo hi".utf8)))
        var escapes = exportZip()
        escapes.members.append(.init(name: "photos/\u{1B}]0;pwned\u{07}.jpeg", data: Data([1])))
        escapes.members.append(.init(name: "photos/\u{1B}]0;pwned\u{07}.jpeg", data: Data([1])))
        var twice = exportZip()
        twice.members.append(twice.members[1])
        let whole = exportZip().data()
        let cases: [(String, Data, String)] = [
            (
                "bomb.zip", bomb.data(),
                "cannot read bomb.zip: Journal.json would inflate to 4000000000 bytes, more than the 1073741824 this reads (a zip bomb?)"
            ),
            (
                "liar.zip", liar.data(),
                "cannot read liar.zip: Export - Journals/Journal.json: it inflates to more than the 2000 bytes its header declares"
            ),
            (
                "climbing.zip", climbing.data(),
                "cannot read climbing.zip: it holds a member named ../../.bashrc, which climbs out"
            ),
            (
                "escapes.zip", escapes.data(),
                "cannot read escapes.zip: it holds two members named photos/^[]0;pwned^G.jpeg"
            ),
            (
                "twice.zip", twice.data(),
                "cannot read twice.zip: it holds two members named Export - Journals/Journal.json"
            ),
            ("cut.zip", whole.prefix(whole.count - 5), "cannot read cut.zip: it is not a zip file, or it is cut short"),
            ("notes.zip", Data("just some notes".utf8), "cannot read notes.zip: it is not a zip file"),
            (
                "media.zip", ZipFileBuilder(members: [.init(name: "photos/a.jpeg", data: Data([1]))]).data(),
                "cannot read media.zip: it holds no journal"
            ),
            (
                "npm.zip", ZipFileBuilder(members: [.init(name: "package.json", data: Data("{}".utf8))]).data(),
                "cannot read npm.zip: package.json inside it is not a Day One export"
            ),
            (
                "many.zip", ZipFileBuilder(members: exportZip().members, zip64: true, claimedCount: 5_000_000).data(),
                "cannot read many.zip: it claims 5000000 members, more than the 1000000 this reads"
            ),
        ]
        for (name, data, message) in cases {
            let zip = try writeFile(name, data)
            assertFails(
                try entries("import", zip),
                containing: message.replacingOccurrences(of: "cannot read ", with: "cannot read \(directory.path)/"))
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: zip)), data, "\(name) left as it was")
        }
        assertFails(try entries("list"), containing: "no database at")  // nothing imported, not even a database made
        let liarPath = directory.appendingPathComponent("liar.zip").path
        assertFails(
            try entries("import", "--format", "csv", liarPath),
            containing: "a zip is read as a Day One export, not as csv")
    }
}
