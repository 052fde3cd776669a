import AppFactory
import AppShell
import XCTest

/// The app's contexts are one list: the catalog (and through it the factory and the storyboard tools)
/// has a storyboard and a registry for each, and nothing else.
final class ContextModuleCatalogTests: XCTestCase {
    func testTheCatalogHasOneStoryboardPerContextModule() throws {
        onMainActor {
            XCTAssertEqual(ContextModule.all.map(\.name), ["Entries", "Settings", "Calendar", "Trash"])
            let catalog = StoryboardCatalog()
            XCTAssertEqual(catalog.contexts.map(\.name), ContextModule.all.map(\.name))
            XCTAssertEqual(Set(catalog.registries.keys), ["Entries", "Settings", "Calendar", "Trash"])
            XCTAssertEqual(StoryboardCatalog(modules: [.settings]).contexts.map(\.name), ["Settings"])
            XCTAssertNotNil(catalog.context(named: "entries"), "names match whatever their case")
        }
    }
}
