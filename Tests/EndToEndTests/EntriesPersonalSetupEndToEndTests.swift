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
        let home = try writeSetup(in: tour, config: """
            editor: sed -i s/zucchini/courgette/
            theme: light
            sort: title
            """, keys: """
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

    func testAnInvalidConfigStopsTheStartWithLocatedErrors() throws {
        let tour = try EntriesTourFixture(width: 100, height: 24)
        fixture = tour
        let home = try writeSetup(in: tour, config: "theme: lihgt\n", keys: nil)
        try tour.tmux.typeLine("XDG_CONFIG_HOME=\(EntriesTourFixture.quoted(home.path)) " + tour.appCommand + "; echo status=$?")
        let screen = try tour.tmux.waitForScreen("the error and the status") { $0.contains("status=1") }
        let unwrapped = screen.split(separator: "\n").joined()
        XCTAssertTrue(unwrapped.contains("config.yaml:1:8: error: `theme` must be one of dark, light, high-contrast, mono, found `lihgt`; did you mean `light`?"), screen)
        XCTAssertFalse(screen.contains("Entries"), "the app did not start")
    }
}
