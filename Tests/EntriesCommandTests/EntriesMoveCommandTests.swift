import EntryModel
import Foundation
import XCTest

/// `entries move ID… --to NAME` and `entries copy ID… --to NAME`: entries between the journals of the
/// config, as a person with a home journal and a work journal types it; the refusals, which change
/// nothing; an encrypted journal on either side.
final class EntriesMoveCommandTests: EntriesCommandTestCase {
    private var workPath: String { directory.appendingPathComponent("work.sqlite").path }
    private var homePath: String { directory.appendingPathComponent("home.sqlite").path }
    private var secretPath: String { directory.appendingPathComponent("secret.sqlite").path }
    /// The journal named by `default-journal:` is used (no $ENTRIES_DATABASE).
    private let byConfig: [String: String?] = [
        "ENTRIES_DATABASE": nil, "ENTRIES_PASSPHRASE_COMMAND": "printf 'correct horse'",
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        let folder = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(
            """
            journals:
              home: \(homePath)
              work: \(workPath)
              secret: \(secretPath)
            default-journal: home
            """.utf8
        ).write(to: folder.appendingPathComponent("config.yaml"))
    }

    private func run(_ arguments: String...) throws -> CommandResult {
        try EntriesBinary.run(arguments, input: nil, environment: environment(byConfig), directory: directory)
    }

    @discardableResult
    private func ok(_ arguments: String...) throws -> String {
        let result = try EntriesBinary.run(
            arguments, input: nil, environment: environment(byConfig), directory: directory)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.error)")
        return result.output
    }

    private func list(_ journal: String) throws -> [EntrySummary] {
        let result = try EntriesBinary.run(
            ["list", "-j", journal, "--json"], input: nil, environment: environment(byConfig), directory: directory)
        XCTAssertEqual(result.status, 0, result.error)
        return try decodeSummaries(result.output)
    }

    func testMovingAndCopyingBetweenJournals() throws {
        try ok("add", "Standup. Talked about the release. @work", "--date", "2024-03-04 09:30")
        try ok("add", "* Garden. Planted beans. @home", "--date", "2024-03-05 18:00")
        try ok("add", "Retro. What went well. @work", "--date", "2024-03-06 16:00")
        try ok("add", "-j", "work", "--title", "Quarterly plan")
        let home = try list("home")
        XCTAssertEqual(home.map(\.title), ["Retro.", "Garden.", "Standup."])

        XCTAssertEqual(
            try ok("move", "1", "3", "--to", "work"),
            "Moved 2 entries (\"Standup.\" and \"Retro.\") from home to work, with new ids: entries list -j work\n")
        XCTAssertEqual(try list("home").map(\.title), ["Garden."])
        let work = try list("work")
        XCTAssertEqual(work.map(\.title), ["Quarterly plan", "Retro.", "Standup."])
        XCTAssertEqual(work[1].createdAt, home[0].createdAt, "dates kept")
        XCTAssertEqual(work[2].tags, ["work"], "tags kept")
        XCTAssertEqual(try ok("trash", "list"), "The trash is empty.\n", "a moved entry does not wait in the trash")

        XCTAssertEqual(
            try ok("copy", "2", "--to", "work", "--json"),
            "{\"copied\":1,\"ids\":[2],\"from\":\"home\",\"to\":\"work\"}\n")
        XCTAssertEqual(try list("home").map(\.title), ["Garden."], "a copy leaves the entry")
        let garden = try XCTUnwrap(try list("work").first { $0.title == "Garden." })
        XCTAssertTrue(garden.starred, "the star kept")
        XCTAssertEqual(
            try ok("search", "release", "-j", "work", "--json").contains("Standup."), true, "found by search there")

        // Back again, from the journal -j names.
        let standup = try XCTUnwrap(try list("work").first { $0.title == "Standup." })
        XCTAssertEqual(
            try ok("move", String(standup.id), "-j", "work", "--to", "home", "--json"),
            "{\"moved\":1,\"ids\":[\(standup.id)],\"from\":\"work\",\"to\":\"home\"}\n")
        XCTAssertEqual(Set(try list("home").map(\.title)), ["Garden.", "Standup."])
    }

    func testRefusalsChangeNothing() throws {
        try ok("add", "--title", "One")
        try ok("add", "--title", "Two")
        try ok("add", "-j", "work", "--title", "Plan")
        let before = (
            try Data(contentsOf: URL(fileURLWithPath: homePath)), try Data(contentsOf: URL(fileURLWithPath: workPath))
        )

        let unknownJournal = try run("move", "1", "--to", "wrok")
        XCTAssertEqual(unknownJournal.status, 64, unknownJournal.error)
        XCTAssertTrue(
            unknownJournal.error.hasPrefix("entries: error: no journal is named `wrok` (--to); did you mean `work`?"),
            unknownJournal.error)

        let unknownID = try run("move", "1", "42", "--to", "work")
        XCTAssertEqual(unknownID.status, 1)
        XCTAssertTrue(unknownID.error.contains("42"), unknownID.error)

        for same in [
            ["move", "1", "--to", "home"], ["copy", "1", "--to", "work", "-j", "work"],
            ["move", "1", "--to", "home", "--database", homePath],
        ] {
            let result = try EntriesBinary.run(
                same, input: nil, environment: environment(byConfig), directory: directory)
            XCTAssertEqual(result.status, 64, "\(same): \(result.error)")
            XCTAssertTrue(result.error.contains("already: --to names another journal"), "\(same): \(result.error)")
        }
        XCTAssertEqual(try run("copy", "1", "--from", homePath, "--to", "work").status, 64, "ids and --from")
        XCTAssertEqual(try run("copy", "--to", "work").status, 64, "neither ids nor --from")
        XCTAssertEqual(try run("move", "--to", "work").status, 64, "no ids")

        XCTAssertEqual(try list("home").map(\.title), ["Two", "One"])
        XCTAssertEqual(try list("work").map(\.title), ["Plan"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: homePath)), before.0, "home byte for byte")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: workPath)), before.1, "work byte for byte")
    }

    func testAnEncryptedJournalOnEitherSide() throws {
        try ok("init", "--encrypted", "-j", "secret")
        try ok("add", "--title", "Private thought", "--tag", "me")
        let into = try run("move", "1", "--to", "secret")
        XCTAssertEqual(into.status, 0, into.error)
        XCTAssertEqual(into.error, "", "nothing to warn about: the entry goes into the encrypted journal")
        XCTAssertEqual(try list("secret").map(\.title), ["Private thought"])
        XCTAssertEqual(try list("home").map(\.title), [])
        XCTAssertFalse(
            try Data(contentsOf: URL(fileURLWithPath: secretPath)).range(of: Data("Private thought".utf8)) != nil,
            "the text is not in the file in the clear")

        let out = try run("copy", "1", "-j", "secret", "--to", "work")
        XCTAssertEqual(out.status, 0, out.error)
        XCTAssertEqual(
            out.error, "note: `secret` is encrypted; the entries go in the clear to a plain journal `work`.\n")
        XCTAssertEqual(try list("work").map(\.tags), [["me"]])

        let wrong = try EntriesBinary.run(
            ["move", "1", "-j", "secret", "--to", "work"], input: nil,
            environment: environment(["ENTRIES_DATABASE": nil, "ENTRIES_PASSPHRASE_COMMAND": "printf 'wrong'"]),
            directory: directory)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.error.contains("wrong passphrase"), wrong.error)
        XCTAssertEqual(try list("work").count, 1, "nothing moved")
        XCTAssertEqual(try list("secret").count, 1)
    }
}
