import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation

/// The whole app, launched the way `entries` launches it (configuration → store → factory → App
/// Controller → `launch(in:)`), on a recording terminal whose captured root view is put on a headless
/// screen: every test drives the real factory, controller and both contexts through keys.
@MainActor
final class AppHarness {
    let terminal = RecordingTerminal()
    private(set) var configuration: AppConfiguration
    let factory: AppFactory
    let screen: HeadlessScreen
    /// A temporary directory the harness removes when it goes (for tests that make one per launch).
    var ownedDirectory: TemporaryDirectory?

    isolated deinit {
        ownedDirectory?.remove()
    }

    /// Launches on the database at `databasePath` (already seeded by the test). The list is drawn
    /// alone (config `preview: false`) unless `showsPreview` or the test's configuration says otherwise,
    /// so that screens written before the preview was on by default stay as they were.
    init(
        databasePath: String, size: Size, storyboardDirectory: URL? = nil, colorAllowed: Bool = true,
        environment: [String: String] = [:], userConfiguration: UserConfiguration = UserConfiguration(path: ""),
        keysFile: String? = nil, showsPreview: Bool = false, layoutDirectories: [URL] = [], journalName: String? = nil,
        readsInBackground: Bool = false
    ) throws {
        var userConfiguration = userConfiguration
        if userConfiguration.preview == nil { userConfiguration.preview = .init(showsPreview, line: 0) }
        var configuration = AppConfiguration(
            databasePath: databasePath, storyboardDirectory: storyboardDirectory, colorAllowed: colorAllowed,
            environment: environment, userConfiguration: userConfiguration, keysFile: keysFile)
        configuration.layoutDirectories = layoutDirectories
        configuration.journalName = journalName
        configuration.readsInBackground = readsInBackground
        self.configuration = configuration
        factory = try AppFactory(
            configuration: configuration, store: try StoreFactory(configuration: configuration), terminal: terminal)
        try factory.appController.launch(in: terminal)
        guard let root = terminal.runRoots.last else { throw HarnessError.launchDidNotRun }
        screen = HeadlessScreen(root: root, size: size)
    }

    /// Launches on the database in `directory`, with its storyboard overrides when `overridesStoryboards`.
    convenience init(
        directory: TemporaryDirectory, size: Size = Size(width: 120, height: 40), overridesStoryboards: Bool = false,
        colorAllowed: Bool = true, environment: [String: String] = [:],
        userConfiguration: UserConfiguration = UserConfiguration(path: ""), keysFile: String? = nil,
        showsPreview: Bool = false
    ) throws {
        try self.init(
            databasePath: directory.databasePath, size: size,
            storyboardDirectory: overridesStoryboards ? directory.url : nil,
            colorAllowed: colorAllowed, environment: environment, userConfiguration: userConfiguration,
            keysFile: keysFile,
            showsPreview: showsPreview)
    }

    enum HarnessError: Error { case launchDidNotRun }

    var window: Window {
        get throws { factory.window }
    }

    var lines: [String] { screen.lines }

    /// The header: the title path of the visible scenes.
    var header: String { screen.lines.first ?? "" }

    /// Sends keys named as in storyboards ("j", "enter", "esc", "tab"...) one by one.
    @discardableResult
    func press(_ names: String...) throws -> [String] {
        for name in names {
            screen.send(try Key(name: name))
        }
        return screen.lines
    }

    /// The storyboard identifiers of the Entries context's stack, root first.
    var entriesScenes: [String] {
        get throws { factory.entriesController.navigator.sceneIdentifiers }
    }

    /// The known titles in the order the screen's rows show them (rows that start with one).
    var listedTitles: [String] {
        screen.lines.compactMap { line in
            KnownEntries.allTitles.first { line.hasPrefix($0) }
        }
    }
}
