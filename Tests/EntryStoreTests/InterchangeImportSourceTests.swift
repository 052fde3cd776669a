import EntryInterchange
import EntryModel
import Foundation
import XCTest

/// What an import is given, told apart in the library (the one path of the `import` command and of any
/// app): a Day One folder or a Markdown folder, a Day One zip, a file by its name and first bytes or
/// the format asked for; and what is refused before anything is read, with the path and the reason.
final class InterchangeImportSourceTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    private func write(_ text: String, _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func titles(_ source: ImportSource) throws -> [String] {
        var titles: [String] = []
        try source.read { titles.append($0.title) }
        return titles
    }

    func testAFileIsReadInTheFormatItsNameAndFirstBytesTell() throws {
        let jsonl = try write("{\"title\":\"a\"}\n{\"title\":\"b\"}\n", "notes.jsonl")
        let source = try ImportSource.open(path: jsonl, format: nil)
        guard case .file(let file) = source else { return XCTFail("\(source)") }
        XCTAssertEqual(file.format, .jsonl)
        XCTAssertEqual(file.byteCount, 28)
        XCTAssertEqual(try titles(source), ["a", "b"])
        let csv = try write("title\nc\n", "no-extension")
        guard case .file(let sniffed) = try ImportSource.open(path: csv, format: nil) else { return XCTFail() }
        XCTAssertEqual(sniffed.format, .csv)
        guard case .file(let asked) = try ImportSource.open(path: csv, format: .json) else { return XCTFail() }
        XCTAssertEqual(asked.format, .json, "the format asked for wins")
    }

    func testAFolderIsADayOneExportWhenItHoldsOneElseMarkdownNotes() throws {
        try write("# A note\n\nbody\n", "notes/a.md")
        let notes = try ImportSource.open(path: directory.appendingPathComponent("notes").path, format: nil)
        guard case .markdownFolder = notes else { return XCTFail("\(notes)") }
        XCTAssertEqual(try titles(notes), ["A note"])
        try write(InterchangeDayOneTests.sample, "export/Journal.json")
        let export = try ImportSource.open(path: directory.appendingPathComponent("export").path, format: nil)
        guard case .dayOneFolder(_, let names) = export else { return XCTFail("\(export)") }
        XCTAssertEqual(names, ["Journal.json"])
        XCTAssertFalse(try titles(export).isEmpty)
    }

    func testWhatCannotBeImportedIsRefusedBeforeAnythingIsRead() throws {
        let missing = directory.appendingPathComponent("missing.json").path
        XCTAssertThrowsError(try ImportSource.open(path: missing, format: nil)) { error in
            XCTAssertEqual(error as? ImportSourceError, .cannotRead(path: missing, reason: "no such file"))
        }
        let markdown = try write("# Exported\n", "entries.md")
        XCTAssertThrowsError(try ImportSource.open(path: markdown, format: nil)) { error in
            XCTAssertEqual(error as? ImportSourceError, .exportOnlyFormat(source: markdown, format: "Markdown"))
        }
        let zip = try write("not a zip", "export.zip")
        XCTAssertThrowsError(try ImportSource.open(path: zip, format: .csv)) { error in
            XCTAssertEqual(
                error as? ImportSourceError,
                .cannotRead(path: zip, reason: "a zip is read as a Day One export, not as csv"))
        }
        XCTAssertThrowsError(try ImportSource.open(path: zip, format: nil)) { error in
            guard case .cannotRead(let path, _) = error as? ImportSourceError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, zip)
        }
    }

    func testABrokenRecordIsRefusedWithTheFileAndFormatNamed() throws {
        let json = try write("[{\"title\":\"a\"},{\"body\":\"no title\"}]", "broken.json")
        let source = try ImportSource.open(path: json, format: nil)
        XCTAssertThrowsError(try titles(source)) { error in
            guard case .refused(let name, let format, let reason) = error as? ImportSourceError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(name, json)
            XCTAssertEqual(format, "json")
            XCTAssertTrue(reason.contains("title"), reason)
        }
    }
}
