import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Folders given to `entries import` that reach outside themselves or hold files that block: a
/// symbolic link named like a note that points to a private file elsewhere, a linked folder, a FIFO
/// named like a Day One journal or a note. The import never reads what lies outside the folder, never
/// waits on a file that is not a regular file, and refuses the folder naming the file.
final class HostileImportFolderTests: ReliabilityTestCase {
    /// A refusal takes a fraction of a second; an import still running after this long is hung.
    private static let hangSeconds: TimeInterval = 10
    private static let secret = "the private text of a file outside the folder"

    /// A file elsewhere, readable by the user who imports (0600, theirs), and the folders that lead to it.
    private func outsideFolder() throws -> String {
        let outside = path("outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let note = "---\ntitle: Secret\n---\n\n\(Self.secret)\n"
        try Data(note.utf8).write(to: URL(fileURLWithPath: outside + "/secret.md"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: outside + "/secret.md")
        return outside
    }

    /// A Markdown folder with one good note, plus `setUp`'s hostile thing.
    private func markdownFolder(_ name: String, _ setUp: (String) throws -> Void) throws -> String {
        let folder = path(name)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("# A good note\n\nkept\n".utf8).write(to: URL(fileURLWithPath: folder + "/good.md"))
        try setUp(folder)
        return folder
    }

    func testLinksOutOfAMarkdownFolderAreNeverFollowed() throws {
        let outside = try outsideFolder()
        let folders: [(String, String, String)] = [
            (
                "a link named like a note",
                try markdownFolder("link") {
                    try FileManager.default.createSymbolicLink(
                        atPath: $0 + "/escape.md", withDestinationPath: outside + "/secret.md")
                }, "escape.md"
            ),
            (
                "a link in a sub-folder",
                try markdownFolder("deep") {
                    try FileManager.default.createSymbolicLink(
                        atPath: $0 + "/sub/escape.md", withDestinationPath: "../../outside/secret.md")
                }, "sub/escape.md"
            ),
            (
                "a linked folder",
                try markdownFolder("linked") {
                    try FileManager.default.createSymbolicLink(atPath: $0 + "/elsewhere", withDestinationPath: outside)
                }, "elsewhere"
            ),
        ]
        var counter = TrialCounter()
        for (index, (what, folder, named)) in folders.enumerated() {
            let database = path("links-\(index).sqlite")
            try succeed(database, ["add", "--title", "Before"])
            let result = try entries.run(["--database", database, "import", folder], killedAfter: Self.hangSeconds)
            var problems: [String] = []
            if result == nil { problems.append("\(what): the import did not end") }
            if let result {
                if result.status != 1 || result.killedBySignal {
                    problems.append("\(what): exit status \(result.status), not 1")
                }
                if !(result.standardError.contains(named) && result.standardError.contains("symbolic link")) {
                    problems.append("\(what): the message does not name the link \(named): \(result.standardError)")
                }
            }
            let everything = try succeed(database, ["export", "--format", "jsonl"])
            if everything.contains(Self.secret) { problems.append("\(what): the file outside the folder was imported") }
            if everything.contains("A good note") { problems.append("\(what): the folder was imported in part") }
            counter.record(problems)
        }
        ledger.record(counter.row("hostile folder: links out of a Markdown folder (entries import)", nothingLost: nil))
    }

    func testFilesThatAreNotRegularNeverBlockAnImport() throws {
        let dayOne = path("dayone")
        try FileManager.default.createDirectory(atPath: dayOne, withIntermediateDirectories: true)
        try Data(
            #"{"metadata":{"version":"1.0"},"entries":[{"creationDate":"2024-01-05T09:30:00Z","text":"Day One"}]}"#.utf8
        )
        .write(to: URL(fileURLWithPath: dayOne + "/Journal.json"))
        XCTAssertEqual(mkfifo(dayOne + "/x.json", 0o600), 0)
        let markdown = try markdownFolder("fifo-notes") { XCTAssertEqual(mkfifo($0 + "/sub/pipe.md", 0o600), 0) }
        let linkedFIFO = try markdownFolder("fifo-link") {
            try FileManager.default.createSymbolicLink(atPath: $0 + "/pipe.md", withDestinationPath: dayOne + "/x.json")
        }
        var counter = TrialCounter()
        for (index, (what, folder, named)) in [
            ("a FIFO named x.json in a Day One folder", dayOne, "x.json"),
            ("a FIFO named like a note", markdown, "sub/pipe.md"),
            ("a link to a FIFO", linkedFIFO, "pipe.md"),
        ].enumerated() {
            let database = path("fifo-\(index).sqlite")
            try succeed(database, ["add", "--title", "Before"])
            let started = Date()
            let result = try entries.run(["--database", database, "import", folder], killedAfter: Self.hangSeconds)
            var problems: [String] = []
            if let result {
                if result.status != 1 || result.killedBySignal {
                    problems.append("\(what): exit status \(result.status), not 1")
                }
                if !result.standardError.contains(named) {
                    problems.append("\(what): the message does not name \(named): \(result.standardError)")
                }
            } else {
                problems.append("\(what): the import was still waiting after \(Int(Self.hangSeconds)) s")
            }
            if Date().timeIntervalSince(started) > 2 {
                problems.append("\(what): the refusal took \(Date().timeIntervalSince(started)) s")
            }
            counter.record(problems)
        }
        ledger.record(
            counter.row("hostile folder: FIFOs named like journals and notes (entries import)", nothingLost: nil))
    }

    /// The companion: the traps are armed. The file outside is readable by this user (a followed link
    /// imports it), and a FIFO with no writer makes a plain reader wait.
    func testTheOutsideFileIsReadableAndTheFIFOBlocksAPlainReader() throws {
        let outside = try outsideFolder()
        XCTAssertEqual(
            FileManager.default.contents(atPath: outside + "/secret.md").map {
                String(decoding: $0, as: UTF8.self).contains(Self.secret)
            }, true)
        let fifo = path("plain.json")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let waited = try entries.runProgram(URL(fileURLWithPath: "/usr/bin/timeout"), ["1", "cat", fifo])
        XCTAssertEqual(waited.status, 124, "cat of a FIFO without a writer waits until timeout stops it")
    }

    // MARK: - Helpers
}
