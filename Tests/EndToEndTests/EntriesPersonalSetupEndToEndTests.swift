import Foundation
import XCTest

/// A person's own setup, on the released binary under tmux: a config file (editor, sort) and a
/// keys.yaml are in force at the next start; an invalid config stops the start before the terminal is
/// touched. (The themes' styles are checked headless, in AppThemeTests.)
final class EntriesPersonalSetupEndToEndTests: XCTestCase {
    private var fixture: EntriesTourFixture?

    override func tearDown() {
        fixture?.finish()
        fixture = nil
        super.tearDown()
    }

    private func writeSetup(in tour: EntriesTourFixture, config: String, keys: String?) throws -> URL {
        let home = tour.directory.appendingPathComponent("xdg", isDirectory: true)
        let folder = home.appendingPathComponent("entries", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: folder.appendingPathComponent("config.yaml"))
        if let keys { try Data(keys.utf8).write(to: folder.appendingPathComponent("keys.yaml")) }
        return home
    }

    func testTheConfigsKeysThemeEditorAndSortAreInForce() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        let home = try writeSetup(
            in: tour,
            config: """
                editor: sed -i s/zucchini/courgette/
                theme: light
                sort: title
                """,
            keys: """
                Entries:
                  scenes:
                    list: {l: showDetails}
                  keys: {q: ~, x: quit}
                """)
        try tour.launch(command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand)
        // sort: title puts Zucchini last; G goes there.
        try tour.press("G", until: "the last entry by title") { $0.contains("5 of 5") }
        try tour.press("l", until: "l opens the details") { $0.contains("Body of zucchini.") }
        try tour.press("e", until: "the config's editor ran (not $VISUAL)") { $0.contains("Body of courgette.") }
        try tour.tmux.press("q")
        try tour.press("Escape", until: "back to the list; q did not quit") { $0.contains("5 of 5") }
        try tour.tmux.press("x")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
    }

    /// SGR mouse reports as the terminal sends them: a click selects, a double click opens, the wheel
    /// scrolls, a click on a key hint presses it; reports are off again after quitting and while
    /// suspended, and never asked for with `mouse: false`.
    func testTheMouseAndItsModeOnEveryWayOut() throws {
        let tour = try EntriesTourFixture(width: 80, height: 24)
        fixture = tour
        let home = try writeSetup(in: tour, config: "sort: title\n", keys: nil)
        try tour.launch(command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand)
        XCTAssertEqual(try tour.tmux.mouseReporting(), "1 1")
        // By title: Apple, Banana, Kiwi, Mango, Zucchini on rows 2–6 (1-based, after the header).
        try tour.tmux.send(literally: "\u{1B}[<0;5;4M\u{1B}[<0;5;4m")
        try tour.waitForFrame("a click on Kiwi selects it") { $0.contains("3 of 5") }
        try tour.tmux.send(literally: "\u{1B}[<65;5;4M")
        try tour.waitForFrame("the wheel moved three down (to the last)") { $0.contains("5 of 5") }
        try tour.tmux.send(literally: "\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
        try tour.waitForFrame("a double click on Banana opens it") { $0.contains("Body of banana.") }
        try tour.press("Escape", until: "back to the list") { $0.contains("2 of 5") }
        try tour.tmux.press("C-z")
        try tour.tmux.waitForScreen("the shell after Ctrl-Z") { TmuxSession.isAtPrompt($0) }
        XCTAssertEqual(try tour.tmux.mouseReporting(), "0 0", "off while suspended")
        try tour.tmux.typeLine("fg")
        try tour.waitForFrame("the app again") { $0.contains("2 of 5") }
        XCTAssertEqual(try tour.tmux.mouseReporting(), "1 1", "on again")
        let hints = try XCTUnwrap(try tour.tmux.screen().last { !$0.isEmpty })
        let help = try XCTUnwrap(hints.range(of: "? help"), hints)
        let column = hints.distance(from: hints.startIndex, to: help.lowerBound) + 1
        try tour.tmux.send(literally: "\u{1B}[<0;\(column);24M")
        try tour.waitForFrame("a click on `? help` shows the keys") { $0.contains("┌ Keys") }
        try tour.tmux.send(literally: "\u{1B}[<0;5;5M")
        try tour.waitForFrame("a click closes them") { !$0.contains("┌ Keys") && $0.contains("2 of 5") }
        try tour.tmux.press("q")
        try tour.waitForShell()
        try tour.tmux.assertTerminalRestored(in: tour.directory, expectedStatus: 0)
        XCTAssertEqual(try tour.tmux.mouseReporting(), "0 0", "off after quitting")

        let off = try writeSetup(in: tour, config: "mouse: false\n", keys: nil)
        try tour.launch(command: "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(off.path)) " + tour.appCommand)
        XCTAssertEqual(try tour.tmux.mouseReporting(), "0 0", "mouse: false never asks")
        try tour.tmux.press("q")
        try tour.waitForShell()
    }

    func testAnInvalidConfigStopsTheStartWithLocatedErrors() throws {
        let tour = try EntriesTourFixture(width: 100, height: 24)
        fixture = tour
        let home = try writeSetup(in: tour, config: "theme: lihgt\n", keys: nil)
        try tour.tmux.typeLine(
            "XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand + "; echo status=$?")
        let screen = try tour.tmux.waitForScreen("the error and the status") { $0.contains("status=1") }
        let unwrapped = screen.split(separator: "\n").joined()
        XCTAssertTrue(
            unwrapped.contains(
                "config.yaml:1:8: error: `theme` must be one of dark, light, high-contrast, mono, found `lihgt`; did you mean `light`?"
            ), screen)
        XCTAssertFalse(screen.contains("Entries"), "the app did not start")
    }
}
