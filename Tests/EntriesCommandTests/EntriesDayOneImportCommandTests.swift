import EntryModel
import XCTest

/// `entries import` of a Day One export: its Journal.json alone or its unzipped folder; a zip is
/// refused with what to do.
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
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data(journal.utf8).write(to: folder.appendingPathComponent("Journal.json"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: folder.appendingPathComponent("photos/5d41402a.jpeg"))
        XCTAssertEqual(try succeed("import", folder.path), "Imported 0 entries; skipped 2 already present (--allow-duplicates imports them).\n")
    }

    func testABadJournalInAFolderIsNamedAndAZipIsRefused() throws {
        let folder = directory.appendingPathComponent("Export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"entries": [{"creationDate": "2024-01-05T09:30:00Z"}, {"text": "no date"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("Journal.json"))
        assertFails(try entries("import", folder.path),
                    containing: "Journal.json as dayone: record 2 (line 1), field \"creationDate\": the creation date is missing")
        let zip = try writeFile("export.zip", Data([0x50, 0x4B, 0x03, 0x04]))
        assertFails(try entries("import", zip), containing: "it is a zip file; unzip it first")
        assertFails(try entries("list"), containing: "no database at")  // nothing imported, not even a database made
    }
}
