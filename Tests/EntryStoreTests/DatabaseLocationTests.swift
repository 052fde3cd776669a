import EntryModel
import SQLiteStore
import XCTest

/// Where the database lives: explicit path, then $ENTRIES_DATABASE, then XDG, then ~/.local/share.
final class DatabaseLocationTests: XCTestCase {
    private let environment = [
        "HOME": "/home/ada", "ENTRIES_DATABASE": "/data/env.sqlite", "XDG_DATA_HOME": "/xdg/data",
    ]

    func testAnExplicitPathWins() {
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: "/tmp/x.sqlite", environment: environment), "/tmp/x.sqlite")
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: "relative.sqlite", environment: environment), "relative.sqlite")
    }

    func testTheEnvironmentVariableComesNext() {
        XCTAssertEqual(DatabaseLocation.resolve(explicitPath: nil, environment: environment), "/data/env.sqlite")
    }

    func testXDGDataHomeComesNext() {
        var environment = environment
        environment["ENTRIES_DATABASE"] = nil
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: nil, environment: environment), "/xdg/data/entries/entries.sqlite")
        environment["XDG_DATA_HOME"] = "/xdg/data/"
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: nil, environment: environment), "/xdg/data/entries/entries.sqlite")
    }

    func testTheHomeFolderIsTheLastResort() {
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: nil, environment: ["HOME": "/home/ada"]),
            "/home/ada/.local/share/entries/entries.sqlite")
    }

    func testEmptyValuesAndARelativeXDGDataHomeCountAsUnset() {
        let environment = ["HOME": "/home/ada", "ENTRIES_DATABASE": "", "XDG_DATA_HOME": "relative/data"]
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: "", environment: environment),
            "/home/ada/.local/share/entries/entries.sqlite")
    }

    func testATildeIsExpandedToHome() {
        XCTAssertEqual(
            DatabaseLocation.resolve(explicitPath: "~/notes.sqlite", environment: environment), "/home/ada/notes.sqlite"
        )
        XCTAssertEqual(
            DatabaseLocation.resolve(
                explicitPath: nil, environment: ["HOME": "/home/ada", "ENTRIES_DATABASE": "~/e.sqlite"]),
            "/home/ada/e.sqlite")
        XCTAssertEqual(DatabaseLocation.resolve(explicitPath: "~other/x", environment: environment), "~other/x")
    }
}
