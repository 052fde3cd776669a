import AppFactory
import AppShell
import XCTest

/// FORMAT.md's rule "values travel with the user": a kind that needs a value holds it and offers it
/// again, so a scene that needs it can follow any scene that has it, in any order a storyboard says.
final class SceneKindValueRuleTests: XCTestCase {
    func testEveryKindThatNeedsAValueOffersItToo() {
        onMainActor {
            let kinds = StoryboardCatalog().contexts.flatMap { context in
                context.registry.kindDeclarations.map { (context: context.name, kind: $0) }
            }
            XCTAssertFalse(kinds.filter { $0.kind.needs != nil }.isEmpty, "the app has kinds that need a value")
            for (context, kind) in kinds {
                guard let needs = kind.needs else { continue }
                XCTAssertEqual(
                    kind.offer(named: needs.name), needs,
                    "\(context): \(kind.name) needs \(needs) but does not offer it")
            }
        }
    }

    func testEveryListOfEntriesOffersItsSelection() {
        onMainActor {
            for context in StoryboardCatalog().contexts {
                for kind in context.registry.kindDeclarations where kind.name.hasSuffix("EntryList") {
                    XCTAssertEqual(
                        kind.offer(named: "entry")?.typeName, "EntrySummary", "\(context.name): \(kind.name)")
                }
            }
        }
    }
}
