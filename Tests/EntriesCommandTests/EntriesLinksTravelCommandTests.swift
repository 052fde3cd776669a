import EntryModel
import XCTest

/// Links through export and import: the Markdown folder writes them as relative links between its
/// files and the import turns those back into `[[…]]`; the other formats keep the text as it is.
final class EntriesLinksTravelCommandTests: EntriesCommandTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try seed([
            EntryDraft(title: "Garden", body: "Tomatoes.", createdAt: day(1), updatedAt: day(1)),
            EntryDraft(
                title: "Standup", body: "See [[Garden]] and [[#1|the garden]], not `[[Garden]]` in code.",
                moreDetails: "Also [[garden]].", createdAt: day(2), updatedAt: day(2)),
            EntryDraft(title: "Lonely", body: "[[Nowhere]] and [[#3]]", createdAt: day(3), updatedAt: day(3)),
        ])
    }

    private func backlinkIDs(of id: Int, database: String) throws -> [Int64] {
        let json = try succeed("--database", database, "show", String(id), "--json")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let backlinks = try XCTUnwrap(object["backlinks"] as? [[String: Any]])
        return backlinks.compactMap { ($0["id"] as? NSNumber)?.int64Value }
    }

    func testTheMarkdownFolderLinksItsFilesAndTheImportTurnsThemBack() throws {
        let folder = directory.appendingPathComponent("notes").path
        try succeed("export", "--format", "markdown-folder", "--output", folder)
        let standup = try String(contentsOfFile: folder + "/2024-01-02-standup-2.md", encoding: .utf8)
        XCTAssertTrue(
            standup.hasSuffix(
                """
                ---
                See [Garden](2024-01-01-garden-1.md) and [#1|the garden](2024-01-01-garden-1.md), not `[[Garden]]` in code.
                <!-- more details -->
                Also [garden](2024-01-01-garden-1.md).
                """), standup)
        let lonely = try String(contentsOfFile: folder + "/2024-01-03-lonely-3.md", encoding: .utf8)
        XCTAssertTrue(
            lonely.hasSuffix(
                "---\n[[Nowhere]] and [Lonely](2024-01-03-lonely-3.md)".replacingOccurrences(
                    of: "[Lonely]", with: "[#3]")), lonely)

        let other = directory.appendingPathComponent("other.sqlite").path
        try succeed("--database", other, "import", folder)
        let imported = try decodeEntries(Data(try succeed("--database", other, "export", "--format", "json").utf8))
        XCTAssertEqual(
            imported.map(\.body),
            [
                "Tomatoes.",
                "See [[Garden]] and [[Garden|the garden]], not `[[Garden]]` in code.",
                "[[Nowhere]] and [[Lonely]]",
            ], "title links as written; id links by the title, since the import gives new ids")
        XCTAssertEqual(imported[1].moreDetails, "Also [[garden]].")
        XCTAssertEqual(try backlinkIDs(of: 1, database: other), [imported[1].id])
    }

    func testAFilteredExportLeavesLinksToEntriesItDoesNotWrite() throws {
        let folder = directory.appendingPathComponent("some").path
        try succeed("export", "--format", "markdown-folder", "--output", folder, "--ids", "2")
        let standup = try String(contentsOfFile: folder + "/2024-01-02-standup-2.md", encoding: .utf8)
        XCTAssertTrue(standup.contains("See [[Garden]] and [[#1|the garden]]"), standup)
    }

    func testTheOtherFormatsKeepTheLinksAsWritten() throws {
        let original = try allEntries()
        for format in ["json", "jsonl", "csv"] {
            let file = directory.appendingPathComponent("export.\(format)").path
            try succeed("export", "--format", format, "--output", file)
            let other = directory.appendingPathComponent("other-\(format).sqlite").path
            try succeed("--database", other, "import", file, "--format", format)
            let imported = try decodeEntries(Data(try succeed("--database", other, "export", "--format", "json").utf8))
            XCTAssertEqual(imported.map(\.body), original.map(\.body), format)
            XCTAssertEqual(imported.map(\.moreDetails), original.map(\.moreDetails), format)
            XCTAssertEqual(try backlinkIDs(of: 1, database: other), [2], format)
        }
    }
}
