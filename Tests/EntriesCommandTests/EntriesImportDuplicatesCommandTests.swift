import EntryInterchange
import EntryModel
import XCTest

/// `entries import` of entries already present: skipped and counted; `--allow-duplicates`; Markdown
/// (a format entries only writes) refused by name.
final class EntriesImportDuplicatesCommandTests: EntriesCommandTestCase {
    func testImportingAnExportAgainSkipsEverything() throws {
        try seed([
            EntryDraft(title: "One", body: "# Body", moreDetails: "m", tags: ["t"], createdAt: day(1)),
            EntryDraft(title: "Two", createdAt: day(2)),
        ])
        let export = try succeed("export", "--format", "json")
        let file = try writeFile("all.json", export)
        XCTAssertEqual(
            try succeed("import", file),
            "Imported 0 entries; skipped 2 already present (--allow-duplicates imports them).\n")
        XCTAssertEqual(try succeed("import", file, "--json"), "{\"imported\":0,\"skipped\":2}\n")
        XCTAssertEqual(try allEntries().count, 2)
        XCTAssertEqual(try succeed("import", file, "--allow-duplicates"), "Imported 2 entries.\n")
        XCTAssertEqual(try allEntries().count, 4)
    }

    func testAMarkdownFileIsRefusedByName() throws {
        try seed([EntryDraft(title: "One", body: "# Heading", createdAt: day(1))])
        let file = try writeFile("all.markdown", try succeed("export", "--format", "markdown"))
        assertFails(
            try entries("import", file),
            containing: "cannot import \(file): it is Markdown, a format entries writes but does not read")
        XCTAssertEqual(try allEntries().count, 1)
    }
}
