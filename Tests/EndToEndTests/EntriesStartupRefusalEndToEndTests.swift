import Foundation
import XCTest

/// What stops a start, on the released binary under tmux. The launch opens the database on a thread of
/// its own while it checks the storyboards: a broken override still stops the start with its located
/// errors and leaves the database as it was, and a database the app refuses is reported first, as when
/// the two were done one after the other, and stays byte for byte as it was.
final class EntriesStartupRefusalEndToEndTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    /// A folder holding an Entries.storyboard whose list binds `q` to an action no scene has.
    private func brokenOverrides(in tour: EntriesTourFixture) throws -> URL {
        let folder = tour.directory.appendingPathComponent("storyboards", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let storyboard = """
            storyboard: Entries
            initial: list
            scenes:
              list:
                kind: EntryList
                title: Entries
                keys: {q: quitt}
            """
        try Data(storyboard.utf8).write(to: folder.appendingPathComponent("Entries.storyboard"))
        return folder
    }

    private func start(_ tour: EntriesTourFixture, database: String, storyboards: URL) throws -> String {
        try tour.tmux.typeLine(
            "\(EntriesTourFixture.quoted(tour.binary)) --database \(EntriesTourFixture.quoted(database)) "
                + "--storyboards \(EntriesTourFixture.quoted(storyboards.path)); echo status=$?")
        // `status=$?` is on the typed line too: wait for the printed number.
        let screen = try tour.tmux.waitForScreen("the error and the status") {
            $0.range(of: "status=[0-9]", options: .regularExpression) != nil
        }
        return screen.split(separator: "\n").joined()
    }

    func testABrokenOverrideStopsTheStartAndLeavesTheDatabaseAsItWas() throws {
        let tour = try EntriesTourFixture(width: 120, height: 30)
        fixture = tour
        let before = try Data(contentsOf: URL(fileURLWithPath: tour.database))
        let screen = try start(tour, database: tour.database, storyboards: try brokenOverrides(in: tour))
        XCTAssertTrue(screen.contains("status=1"), screen)
        XCTAssertTrue(screen.contains("Entries.storyboard:7:"), screen)
        XCTAssertTrue(screen.contains("error:"), screen)
        XCTAssertTrue(screen.contains("quitt"), screen)
        XCTAssertFalse(screen.contains(" of 5"), "the app did not start: \(screen)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: tour.database)), before)
    }

    func testARefusedDatabaseIsReportedBeforeABrokenOverrideAndStaysAsItWas() throws {
        let tour = try EntriesTourFixture(width: 120, height: 30)
        fixture = tour
        let notADatabase = tour.directory.appendingPathComponent("notes.sqlite")
        let bytes = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: notADatabase)
        let screen = try start(tour, database: notADatabase.path, storyboards: try brokenOverrides(in: tour))
        XCTAssertTrue(screen.contains("status=1"), screen)
        XCTAssertTrue(screen.contains(notADatabase.lastPathComponent), screen)
        XCTAssertFalse(screen.contains("quitt"), "the database's error comes first: \(screen)")
        XCTAssertEqual(try Data(contentsOf: notADatabase), bytes)
        let left = try FileManager.default.contentsOfDirectory(atPath: tour.directory.path)
        XCTAssertFalse(left.contains { $0.hasPrefix("notes.sqlite-") }, "no -wal or -shm file left: \(left)")
    }
}
