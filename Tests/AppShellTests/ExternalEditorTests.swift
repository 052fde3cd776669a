import AppShell
import Foundation
import XCTest

final class ExternalEditorTests: XCTestCase {
    private var directory = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "external-editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A shell script that records the file it was given in `seen` and runs `action` on it ("$1").
    private func script(_ action: String) throws -> String {
        let path = directory.appendingPathComponent("editor-\(UUID().uuidString).sh").path
        let text =
            "#!/bin/sh\necho \"$1\" > '\(directory.path)/seen'\ncat \"$1\" >> '\(directory.path)/seen'\n\(action)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(chmod(path, 0o755), 0)
        return path
    }

    private var seen: [String] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("seen"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func editor(_ environment: [String: String]) -> ExternalEditor {
        ExternalEditor(environment: environment, temporaryDirectory: directory, ignoresInterrupts: false)
    }

    func testTheCommandIsVisualThenEditorThenVi() {
        XCTAssertEqual(editor(["VISUAL": "code --wait", "EDITOR": "nano"]).command, "code --wait")
        XCTAssertEqual(editor(["VISUAL": " ", "EDITOR": "nano"]).command, "nano")
        XCTAssertEqual(editor(["EDITOR": "nano"]).command, "nano")
        XCTAssertEqual(editor([:]).command, "vi")
    }

    func testEditedTextComesBackAndTheFileIsDeleted() throws {
        let path = try script("printf 'new text\\n\\0with NUL' > \"$1\"")
        let result = try editor(["EDITOR": path]).edit("old text\n", fileName: "entry.md")
        XCTAssertEqual(result, "new text\n\u{0}with NUL")
        XCTAssertEqual(seen[1], "old text")
        XCTAssertTrue(seen[0].hasSuffix("/entry.md"), seen[0])
        XCTAssertFalse(FileManager.default.fileExists(atPath: seen[0]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("edit-") }, [])
    }

    /// A terminal editor must be in the terminal's foreground process group, i.e. ours: in a group of
    /// its own it would be stopped the moment it touched the terminal, and the app would wait forever.
    func testTheEditorRunsInOurProcessGroupWithDefaultInterruptHandling() throws {
        let path = try script("ps -o pgid= -p $$ | tr -d ' ' > \"$1\"; grep SigIgn /proc/$$/status >> \"$1\"")
        let edited = try XCTUnwrap(try editor(["EDITOR": path]).edit("x"))
        let lines = edited.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, String(getpgrp()), "the editor's process group")
        if lines.count > 1, let mask = lines[1].split(separator: "\t").last, let bits = UInt64(mask, radix: 16) {
            XCTAssertEqual(bits & (1 << (UInt64(SIGINT) - 1)), 0, "Ctrl-C is not ignored in the editor")
        }
    }

    func testUnchangedTextIsNil() throws {
        XCTAssertNil(try editor(["EDITOR": try script("true")]).edit("same"))
        XCTAssertNil(try editor(["EDITOR": "true"]).edit("same"))
    }

    func testTheCommandIsSplitIntoWordsAndTheFileNameIsPassedUntouched() throws {
        let recorder = directory.appendingPathComponent("recorder.sh").path
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(directory.path)/arguments'\n".utf8).write(
            to: URL(fileURLWithPath: recorder))
        XCTAssertEqual(chmod(recorder, 0o755), 0)
        // Quotes group words; nothing is expanded or run: `$(id)` and `;` are words like any other.
        let line = "'\(recorder)' 'one word' \"a \\\"quoted\\\" one\" back\\ slash $(id) ; `id`"
        XCTAssertNil(try editor(["VISUAL": line]).edit("x\n", fileName: "it's a file.txt"))
        let arguments = try String(contentsOfFile: directory.path + "/arguments", encoding: .utf8).split(
            separator: "\n"
        ).map(String.init)
        XCTAssertEqual(
            Array(arguments.dropLast()), ["one word", "a \"quoted\" one", "back slash", "$(id)", ";", "`id`"])
        XCTAssertTrue(arguments.last?.hasSuffix("/it's a file.txt") == true, "\(arguments)")
    }

    func testFailuresAreClearErrors() throws {
        XCTAssertThrowsError(try editor(["EDITOR": try script("echo changed > \"$1\"; exit 2")]).edit("x")) { error in
            guard case .editorFailed(_, 2)? = error as? ExternalEditorError else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("exited with status 2; the edit was abandoned"), "\(error)")
        }
        XCTAssertThrowsError(try editor(["EDITOR": "definitely-not-an-editor"]).edit("x")) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot start the editor `definitely-not-an-editor`: there is no program definitely-not-an-editor in PATH; "
                    + "set VISUAL or EDITOR (or the app's own editor setting) to an editor that exists")
        }
        XCTAssertThrowsError(try editor(["EDITOR": "vim 'unclosed"]).edit("x")) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot start the editor `vim 'unclosed`: its quote ' is not closed; "
                    + "set VISUAL or EDITOR (or the app's own editor setting) to an editor that exists")
        }
        // The editor kills itself: "ended by a signal", not an exit status.
        let suicidal = try script("kill -TERM $$")
        XCTAssertThrowsError(try editor(["EDITOR": suicidal]).edit("x")) { error in
            XCTAssertEqual(error as? ExternalEditorError, .editorKilled(command: suicidal, signal: 15))
        }
    }

    func testTextThatIsNotUTF8IsKeptForTheUser() throws {
        let path = try script("printf 'caf\\351' > \"$1\"")
        XCTAssertThrowsError(try editor(["EDITOR": path]).edit("x")) { error in
            guard case .notUTF8(let kept)? = error as? ExternalEditorError else { return XCTFail("\(error)") }
            XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: kept)), Data([0x63, 0x61, 0x66, 0xE9]))
        }
    }

    func testAnUnwritableTemporaryFolderIsAnError() {
        let editor = ExternalEditor(
            environment: ["EDITOR": "true"], temporaryDirectory: directory.appendingPathComponent("missing"))
        XCTAssertThrowsError(try editor.edit("x")) { error in
            guard case .cannotWriteTemporaryFile? = error as? ExternalEditorError else { return XCTFail("\(error)") }
        }
    }
}
