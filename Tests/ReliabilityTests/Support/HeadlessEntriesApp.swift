import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import Foundation
import XCTest

/// The Entries context in a real `Window` on a `HeadlessScreen`, with do-nothing neighbours: what the
/// suite drives with keys to see what hostile content and hostile storyboards do to the screen.
@MainActor
final class HeadlessEntriesApp {
    let window: Window
    let controller: EntriesController
    let screen: HeadlessScreen

    /// - Parameters:
    ///   - repository: the entries shown.
    ///   - storyboard: the Entries storyboard to run (the shipped one by default).
    init(
        repository: any EntryRepository, size: Size,
        storyboard: StoryboardSource = EntriesController.builtInStoryboard()
    ) throws {
        window = Window(root: PlaceholderScene())
        controller = try EntriesController(
            dependencies: EntriesDependencies(
                repository: repository, flow: QuietFlow(), presenter: window, suspender: ImmediateSuspender(),
                preferences: .defaults, storyboard: storyboard, editor: UnchangedEditor(),
                now: { Date(timeIntervalSince1970: 1_767_225_600) }, timeZone: TimeZone(identifier: "UTC") ?? .current))
        window.replaceRoot(with: controller.rootScene)
        screen = HeadlessScreen(root: window, size: size)
    }

    /// Presses keys by their storyboard names ("j", "enter", "esc", "pgdn"…).
    func press(_ names: [String]) throws {
        for name in names { screen.send(try Key(name: name)) }
    }
}

/// The shipped storyboard's text (for mutations and hostile edits).
enum ShippedStoryboard {
    static func entriesText() throws -> String {
        try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Entries.storyboard")
    }
}

@MainActor
private final class QuietFlow: EntriesFlow {
    func showSettings() {}
    func quit() {}
    func showMessage(_ message: String) {}
    func showError(_ error: any Error) {}
}

@MainActor
private final class ImmediateSuspender: TerminalSuspending {
    func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
}

private struct UnchangedEditor: EntryEditing {
    func edit(_ text: String) throws -> String? { nil }
}

/// The window's root until the controller exists (the window must exist first: it is the presenter).
@MainActor
private final class PlaceholderScene: Scene {
    let title = ""
    func render(into buffer: inout Buffer, area: Rect) {}
    func handle(_ key: Key) -> Bool { false }
}

extension XCTestCase {
    /// Runs a test body on the main actor. XCTest on Linux cannot call `@MainActor` test methods, but
    /// it runs tests on the main thread, which this asserts.
    func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
