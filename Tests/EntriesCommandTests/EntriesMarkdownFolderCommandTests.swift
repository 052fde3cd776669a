import EntryInterchange
import EntryModel
import XCTest

/// `export --format markdown-folder` and `import FOLDER`: a byte-exact round trip, plain notes, and
/// every bad file refusing the whole folder by name.
final class EntriesMarkdownFolderCommandTests: EntriesCommandTestCase {
    private let tricky =
        "quote \" backslash \\ tab\t esc \u{1B}[31m DEL \u{7F} CRLF\r\n LF\n lone CR\r emoji 👩‍👩‍👧 e\u{301}"
        + "\n---\n<!-- more details -->\n# Heading"

    private var drafts: [EntryDraft] {
        [
            EntryDraft(
                title: "Plain", body: "Body\n", moreDetails: "More", tags: ["a", "b"],
                createdAt: Date(timeIntervalSince1970: 1_704_447_000.123),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_001.456)),
            EntryDraft(
                title: "Tricky/ name:\u{1B} " + tricky, body: tricky, moreDetails: tricky,
                tags: ["émoji🎉", "tag, with \"quote\""],
                createdAt: Date(timeIntervalSince1970: 1_704_447_002.001),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_003.999)),
            EntryDraft(
                title: "Body holds the marker", body: "a\n<!-- more details -->\nb",
                createdAt: Date(timeIntervalSince1970: 1_704_447_004),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_004)),
            EntryDraft(
                title: "Empty", createdAt: Date(timeIntervalSince1970: 1_704_447_005),
                updatedAt: Date(timeIntervalSince1970: 1_704_447_005)),
        ]
    }

    private func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return files
    }

    func testExportImportExportIsByteExact() throws {
        try seed(drafts)
        let first = directory.appendingPathComponent("first").path
        XCTAssertEqual(
            try succeed("export", "--format", "markdown-folder", "--output", first), "Exported 4 entries to \(first).\n"
        )
        let written = try files(in: first)
        XCTAssertEqual(
            written.keys.sorted(),
            [
                "2024-01-05-body-holds-the-marker-3.md", "2024-01-05-empty-4.md",
                "2024-01-05-plain-1.md", "2024-01-05-tricky-name-quote-backslash-tab-esc-31m-del-crlf-lf-lone-cr-2.md",
            ])
        XCTAssertEqual(
            String(decoding: written["2024-01-05-plain-1.md"]!, as: UTF8.self),
            """
            ---
            id: 1
            title: "Plain"
            created: 2024-01-05T09:30:00.123Z
            updated: 2024-01-05T09:30:01.456Z
            tags: ["a", "b"]
            ---
            Body

            <!-- more details -->
            More
            """)
        let copy = directory.appendingPathComponent("copy.sqlite").path
        XCTAssertEqual(try succeed("import", first, environment: ["ENTRIES_DATABASE": copy]), "Imported 4 entries.\n")
        let second = directory.appendingPathComponent("second").path
        try succeed(
            "export", "--format", "markdown-folder", "--output", second, environment: ["ENTRIES_DATABASE": copy])
        XCTAssertEqual(try files(in: second), written)
        XCTAssertEqual(
            try entries("export", environment: ["ENTRIES_DATABASE": copy]).standardOutput,
            try entries("export").standardOutput)
        XCTAssertEqual(
            try succeed("import", first, environment: ["ENTRIES_DATABASE": copy]),
            "Imported 0 entries; skipped 4 already present (--allow-duplicates imports them).\n")
    }

    func testANonEmptyFolderNeedsForce() throws {
        try seed([EntryDraft(title: "One", createdAt: day(1))])
        let folder = directory.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: folder + "/mine.txt"))
        assertFails(
            try entries("export", "--format", "markdown-folder", "--output", folder),
            containing: "is not empty (1 item); give --force")
        XCTAssertEqual(try files(in: folder).keys.sorted(), ["mine.txt"])
        try succeed("export", "--format", "markdown-folder", "--output", folder, "--force")
        XCTAssertEqual(try files(in: folder).keys.sorted(), ["2024-01-01-one-1.md", "mine.txt"])
        assertFails(try entries("export", "--format", "markdown-folder"), status: 64, containing: "needs --output")
    }

    /// The files are staged beside the folder and appear in one rename: an empty folder given keeps
    /// its mode, nothing is left beside it, and a forced export that cannot place one file moves none.
    func testTheFilesAppearAllAtOnceOrNotAtAll() throws {
        try seed(drafts)
        let empty = directory.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(
            atPath: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        try succeed("export", "--format", "markdown-folder", "--output", empty)
        XCTAssertEqual(try files(in: empty).count, 4)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: empty)[.posixPermissions] as? Int, 0o750)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
                $0.contains("entries-export")
            }, [])

        let busy = directory.appendingPathComponent("busy").path
        try FileManager.default.createDirectory(
            atPath: busy + "/2024-01-05-plain-1.md", withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: busy + "/mine.txt"))
        assertFails(
            try entries("export", "--format", "markdown-folder", "--output", busy, "--force"),
            containing: "2024-01-05-plain-1.md: is in the way: not a file")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: busy).sorted(), ["2024-01-05-plain-1.md", "mine.txt"])
    }

    func testPlainNotesOfObsidianOrNb() throws {
        let vault = directory.appendingPathComponent("vault")
        for folder in ["", "/daily", "/.obsidian"] {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: vault.path + folder), withIntermediateDirectories: true)
        }
        try Data("Some text\n\n# Lisbon trip\n\nTram 28.".utf8).write(to: vault.appendingPathComponent("Trip.md"))
        try Data("---\ndate: 2024-01-05\ntags:\n  - idea\n  - 'work'\naliases: [x]\n---\n# Not the title\n".utf8)
            .write(to: vault.appendingPathComponent("daily/Idea.markdown"))
        try Data("no heading here".utf8).write(to: vault.appendingPathComponent("daily/From the name.md"))
        try Data("---\nbroken".utf8).write(to: vault.appendingPathComponent(".obsidian/skipped.md"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0]).write(to: vault.appendingPathComponent("picture.png"))
        XCTAssertEqual(try succeed("import", vault.path), "Imported 3 entries.\n")
        let entries = try allEntries()
        XCTAssertEqual(Set(entries.map(\.title)), ["Lisbon trip", "Not the title", "From the name"])
        let idea = try XCTUnwrap(entries.first { $0.title == "Not the title" })
        XCTAssertEqual(idea.tags, ["idea", "work"])
        XCTAssertEqual(idea.createdAt, InterchangeDate.date(from: "2024-01-05"))
        XCTAssertEqual(idea.body, "# Not the title\n")
    }

    func testNbsHashtagsAreTagsAndItsFileNamesGiveTheDate() throws {
        let notebook = directory.appendingPathComponent("nb-home")
        try FileManager.default.createDirectory(at: notebook, withIntermediateDirectories: true)
        try Data(
            "# Garden plan\n\nBeans in row 3 #garden #Spring-2024, ask @alice.\n\n```\n#not-a-tag\n```\nSee #1 and ## not.\n"
                .utf8
        )
        .write(to: notebook.appendingPathComponent("20241103120000.md"))
        try Data("Called mum today. #family\nShe is fine.".utf8).write(
            to: notebook.appendingPathComponent("20241104081500.md"))
        // A git clone resets modification times: the file name's time wins over it.
        try FileManager.default.setAttributes(
            [.modificationDate: Date()], ofItemAtPath: notebook.appendingPathComponent("20241104081500.md").path)
        XCTAssertEqual(try succeed("import", notebook.path), "Imported 2 entries.\n")
        let entries = try allEntries().sorted { $0.createdAt < $1.createdAt }
        XCTAssertEqual(entries.map(\.title), ["Garden plan", "Called mum today."])
        XCTAssertEqual(entries[1].body, "Called mum today. #family\nShe is fine.", "a note's text stays whole")
        XCTAssertEqual(entries.map(\.tags), [["garden", "Spring-2024", "alice"], ["family"]])
        XCTAssertEqual(
            entries.map { InterchangeDate.string(from: $0.createdAt) },
            ["2024-11-03T12:00:00.000Z", "2024-11-04T08:15:00.000Z"])
    }

    func testEveryBadFileRefusesTheFolderByName() throws {
        try seed([EntryDraft(title: "Already here", createdAt: day(1))])
        let good = Data("---\ntitle: Good\n---\nfine".utf8)
        let cases: [(String, Data, String)] = [
            (
                "open.md", Data("---\ntitle: x\nbody".utf8),
                "open.md: line 1: the front matter that starts here has no closing --- line"
            ),
            (
                "date.md", Data("---\ntitle: x\ncreated: yesterday\n---\n".utf8),
                "date.md: line 3, field \"created\": \"yesterday\" is not an ISO 8601 date"
            ),
            (
                "line.md", Data("---\njust words\n---\n".utf8),
                "line.md: line 2: a front matter line must be `key: value`"
            ),
            ("quote.md", Data("---\ntitle: \"unclosed\n---\n".utf8), "quote.md: line 2, field \"title\""),
            (
                "latin1.md", Data([0x61, 0x0A, 0x62, 0xE9, 0x0A]),
                "latin1.md: is not UTF-8 text (line 2, column 2: byte 0xE9)"
            ),
            ("binary.md", Data([0x61, 0x00, 0x62]), "binary.md: holds a NUL byte"),
            (
                "esc\u{1B}[31m.md", Data("---\ntitle: \"\"\n---\n".utf8),
                "esc^[[31m.md: field \"title\": the title is empty"
            ),
        ]
        for (name, content, message) in cases {
            let folder = directory.appendingPathComponent("case-\(name.hashValue)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try good.write(to: folder.appendingPathComponent("a-good.md"))
            try content.write(to: folder.appendingPathComponent(name))
            assertFails(try entries("import", folder.path), containing: message)
            assertFails(try entries("import", folder.path), containing: "nothing was imported")
        }
        let twins = directory.appendingPathComponent("twins")
        try FileManager.default.createDirectory(at: twins, withIntermediateDirectories: true)
        try Data("---\nid: 7\ntitle: A\n---\n".utf8).write(to: twins.appendingPathComponent("a.md"))
        try Data("---\nid: 7\ntitle: B\n---\n".utf8).write(to: twins.appendingPathComponent("b.md"))
        assertFails(
            try entries("import", twins.path), containing: "b.md: has id 7, as a.md does: two files for one entry")
        XCTAssertEqual(try allEntries().map(\.title), ["Already here"])
    }
}
