import AppShell
import EntryModel

extension SegueValueType where Value == TrashedEntry {
    /// The trashed entry the list holds (its selection), for the segue to its page.
    static let trashedEntry = SegueValueType("trashedEntry")
}

/// The Trash's side of its storyboard: how to build its kinds of scene, the actions they offer to
/// keys, and the flow actions that leave the context. Which key does what is in Trash.storyboard.
enum TrashRegistry {
    /// The kind of the list of trashed entries.
    static let listKind = "TrashList"
    /// The kind of one trashed entry's page.
    static let entryKind = "TrashedEntry"
    /// The unwind an entry's page performs once it was restored there.
    static let restoredSegue = "restored"

    @MainActor
    static func make() -> StoryboardRegistry {
        var registry = StoryboardRegistry()
        registry.register(
            SceneKind(listKind, in: TrashEnvironment.self) { context, environment in
                TrashListScene(title: context.title, environment: environment)
            }
            .offering(.trashedEntry) { $0.selectedItem }
            .action("restore", summary: "restore") { $0.restoreSelected() }
            .action("undo", summary: "undo restore") { $0.undo() }
            .action("emptyTrash", summary: "empty the trash") { $0.askToEmpty() }
            .action("deleteForGood", summary: "delete for good") { $0.askToDeleteSelected() }
        )
        registry.register(
            SceneKind(entryKind, needs: .trashedEntry, in: TrashEnvironment.self) { item, context, environment in
                TrashedEntryScene(item: item, context: context, environment: environment)
            }
            .offering(.trashedEntry) { $0.item }
            .action("restore", summary: "restore") { $0.restore() }
        )
        registry.expectUnwind(
            restoredSegue, purpose: "leaves an entry's page once it was restored there",
            whenMissing: "the page stays and says the entry was restored",
            example: "\(restoredSegue): {from: entry, kind: unwind}")
        registry.registerFlowAction("done", summary: "close the trash", in: TrashEnvironment.self) {
            $0.flow.dismissContext(named: TrashController.storyboardName)
        }
        registry.registerFlowAction("quit", summary: "quit", in: TrashEnvironment.self) { $0.flow.quit() }
        return registry
    }
}
