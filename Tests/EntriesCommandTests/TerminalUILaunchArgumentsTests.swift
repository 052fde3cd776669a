import AppShellTesting
import ArgumentParser
import XCTest
@testable import entries

/// The terminal UI's launch skips ArgumentParser only for command lines ArgumentParser reads as that
/// same launch: every accepted command line, generated from the tokens a person could type, parses to
/// the root command with the same `--database` and `--storyboards`; the rest is left to ArgumentParser.
final class TerminalUILaunchArgumentsTests: XCTestCase {
    private static let tokens = [
        "--database", "--storyboards", "--database=a.sqlite", "--storyboards=dir", "--database=", "--help", "-h",
        "--version", "list", "a.sqlite", "postgresql://me@host/db", "-", "--", "-x", "dir with space", "x=y",
        "--databases", "--database=-x", "=", "é.sqlite", "help", "storyboard", "keys", "--database=help",
    ]

    func testEveryAcceptedCommandLineIsTheRootCommandWithTheSameOptions() throws {
        var accepted = 0
        var generator = SeededGenerator(seed: 17)  // the same command lines every run
        var commandLines: [[String]] = [[]] + Self.tokens.map { [$0] }
        for first in Self.tokens { for second in Self.tokens { commandLines.append([first, second]) } }
        for _ in 0..<3_000 {
            commandLines.append(
                (0..<Int.random(in: 3...6, using: &generator)).map { _ in Self.tokens.randomElement(using: &generator)!
                })
        }
        for arguments in commandLines {
            guard let launch = TerminalUILaunchArguments(arguments) else { continue }
            accepted += 1
            let parsed = try EntriesCommand.parseAsRoot(arguments)
            let root = try XCTUnwrap(
                parsed as? EntriesCommand, "\(arguments) is not the terminal UI for ArgumentParser: \(parsed)")
            XCTAssertEqual(
                TerminalUILaunchArguments(database: root.global.database, storyboards: root.flow.storyboards), launch,
                "\(arguments)")
        }
        XCTAssertGreaterThan(accepted, 20, "the launch forms are recognised")
    }

    func testTheLaunchFormsAreRecognisedAndEverythingElseIsLeftToArgumentParser() {
        XCTAssertEqual(TerminalUILaunchArguments([]), TerminalUILaunchArguments())
        XCTAssertEqual(
            TerminalUILaunchArguments(["--database", "x.sqlite", "--storyboards=dir"]),
            TerminalUILaunchArguments(database: "x.sqlite", storyboards: "dir"))
        XCTAssertEqual(TerminalUILaunchArguments(["--database=a=b"]), TerminalUILaunchArguments(database: "a=b"))
        for left in [
            ["--help"], ["list"], ["--database"], ["--database", "a", "--database", "b"], ["--database="],
            ["--database", "-x"], ["--version"], ["--database", "a", "list"],
        ] {
            XCTAssertNil(TerminalUILaunchArguments(left), "\(left)")
        }
    }
}
