import AppShell
import XCTest

/// An editor line read as words, as a shell would group them but without expanding anything.
final class EditorCommandLineTests: XCTestCase {
    func testWordsAreSplitByQuotesAndNothingIsExpanded() throws {
        let rows: [(String, [String])] = [
            ("nvim", ["nvim"]),
            ("  code   --wait\t", ["code", "--wait"]),
            ("vim -c 'set tw=72'", ["vim", "-c", "set tw=72"]),
            (#"emacs "a \"b\" \\c \d""#, ["emacs", #"a "b" \c \d"#]),
            (#"my\ editor x''y"#, ["my editor", "xy"]),
            ("'' x", ["", "x"]),
            (
                "vi $(touch x) `id` ; | && > ~ $HOME",
                ["vi", "$(touch", "x)", "`id`", ";", "|", "&&", ">", "~", "$HOME"]
            ),
        ]
        for (line, words) in rows {
            XCTAssertEqual(try EditorCommandLine(line).words, words, line)
        }
    }

    func testLinesThatAreNotCommandsAreProblems() {
        for (line, problem) in [
            ("vim 'x", "its quote ' is not closed"), (#"vim "x"#, #"its quote " is not closed"#),
            ("   ", "it names no program"), ("", "it names no program"),
        ] {
            XCTAssertThrowsError(try EditorCommandLine(line), line) { error in
                XCTAssertEqual("\(error)", problem, line)
            }
        }
    }

    func testTheProgramIsLookedUpInThePathUnlessItHoldsASlash() throws {
        XCTAssertEqual(try EditorCommandLine("sh -c x").programPath(searchPath: "/nonexistent:/bin"), "/bin/sh")
        XCTAssertEqual(try EditorCommandLine("./my-editor").programPath(searchPath: ""), "./my-editor")
        XCTAssertNil(try EditorCommandLine("no-such-program-here").programPath(searchPath: "/bin:/usr/bin"))
    }
}
