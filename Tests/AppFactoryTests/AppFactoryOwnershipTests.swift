import AppFactory
import AppShell
import AppShellTesting
import EntryModel
import Foundation
import XCTest

/// A host that runs the factory's window but lets the factory go (and with it the App Controller the
/// contexts' relay points at) is told so on screen at its first key that needs the App Controller,
/// and `q` still quits: no key dies in silence.
final class AppFactoryOwnershipTests: XCTestCase {
    func testAWindowWhoseFactoryIsGoneSaysSoAndStillQuits() throws {
        try onMainActor {
            let directory = try TemporaryDirectory.withKnownEntries()
            defer { directory.remove() }
            let window: Window
            do {
                let configuration = AppConfiguration(
                    databasePath: directory.databasePath, colorAllowed: false, environment: [:],
                    userConfiguration: UserConfiguration(path: ""))
                let factory = try AppFactory(
                    configuration: configuration, store: try StoreFactory(configuration: configuration),
                    terminal: RecordingTerminal())
                window = factory.window
            }
            let screen = HeadlessScreen(root: window, size: Size(width: 120, height: 20))
            screen.send(.character("c"))
            XCTAssertNil(window.presentedScene)
            assertScreenContains(screen, "opening Calendar did nothing: the AppController is gone")
            screen.send(.character("q"))
            XCTAssertTrue(screen.isFinished, "q quits without the App Controller")
        }
    }
}
