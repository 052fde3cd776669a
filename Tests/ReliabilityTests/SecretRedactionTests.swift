import Foundation
import XCTest

/// A password written into a database location — on the command line, in `ENTRIES_DATABASE`, in
/// config.yaml, as `user:password@` or as a `password=` parameter — never reaches the screen: not in
/// the error that refuses the location, not in `entries config` (table or JSON), not in any command's
/// message. The location is refused (passwords belong in PGPASSWORD or ~/.pgpass), and shown with
/// the password replaced.
final class SecretRedactionTests: ReliabilityTestCase {
    private static let secret = "s3cretPW"
    private static let locations = [
        "postgresql://user:\(secret)@127.0.0.1:1/x",
        "postgres://user:\(secret)@localhost/x?sslmode=disable",
        "postgresql://user@127.0.0.1:1/x?password=\(secret)",
        "postgresql://user@127.0.0.1:1/x?sslmode=disable&password=\(secret)&host=%2Ftmp",
        "postgresql://user:\(secret)@[::1]:1/x",
        "postgresql://user:\(secret)@",
    ]

    func testAPasswordInALocationIsNeverShown() throws {
        var counter = TrialCounter()
        let configFolder = directory.appendingPathComponent(".config/entries")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        let configFile = configFolder.appendingPathComponent("config.yaml")
        for location in Self.locations {
            // From each place a location comes from; every command that shows it.
            let runs: [(String, [String], [String: String])] = [
                ("--database, list", ["--database", location, "list"], [:]),
                ("--database, config", ["--database", location, "config"], [:]),
                ("--database, config --json", ["--database", location, "config", "--json"], [:]),
                ("ENTRIES_DATABASE, list", ["list"], ["ENTRIES_DATABASE": location]),
                ("ENTRIES_DATABASE, config", ["config"], ["ENTRIES_DATABASE": location]),
                ("ENTRIES_DATABASE, config --json", ["config", "--json"], ["ENTRIES_DATABASE": location]),
                ("copy --to", ["copy", "--from", path("none.sqlite"), "--to", location], [:]),
                ("copy --from", ["copy", "--from", location, "--to", path("none.sqlite")], [:]),
            ]
            for (what, arguments, environment) in runs {
                let result = try entries.run(arguments, extraEnvironment: environment)
                counter.record(problems(result, what: "\(what) of \(location)"))
            }
            try Data("database: \"\(location)\"\n".utf8).write(to: configFile)
            for arguments in [["list"], ["config"], ["config", "--json"]] {
                let result = try entries.run(arguments)
                counter.record(
                    problems(result, what: "config.yaml, \(arguments.joined(separator: " ")) of \(location)"))
            }
            try FileManager.default.removeItem(at: configFile)
        }
        ledger.record(counter.row("secrets: passwords in database locations (every place shown)", nothingLost: nil))
    }

    /// The companion: the secret does reach the program — each location is refused because it holds
    /// a password, so the check looks at output that was about that very location.
    func testEachLocationIsRefusedForItsPassword() throws {
        for location in Self.locations {
            let result = try entries.run(["--database", location, "list"])
            XCTAssertEqual(result.status, 1, location)
            XCTAssertTrue(result.standardError.contains("password"), "\(location): \(result.standardError)")
        }
    }

    private func problems(_ result: ProcessResult, what: String) -> [String] {
        var problems: [String] = []
        if result.killedBySignal { problems.append("\(what): died of signal \(result.status)") }
        for (stream, text) in [("output", result.standardOutput), ("error", result.standardError)]
        where text.contains(Self.secret) {
            problems.append("\(what): the password is in the standard \(stream): \(text.prefix(300))")
        }
        return problems
    }
}
