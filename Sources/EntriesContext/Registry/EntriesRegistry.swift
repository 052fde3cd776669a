import AppShell
import EntryStore

/// The Entries context's side of its storyboard: how to build each kind of scene (with the context's
/// dependencies), what each offers and which actions it has, and the flow actions that leave the
/// context. Which scenes exist, which comes first and which key does what is in Entries.storyboard.
enum EntriesRegistry {
    @MainActor
    static func make(environment: EntriesEnvironment) -> StoryboardRegistry {
        typealias Action = EntriesStoryboardContract.Action
        typealias Kind = EntriesStoryboardContract.Kind
        var registry = StoryboardRegistry()

        registry.register(
            SceneKind(Kind.list) { context in EntryListScene(context: context, environment: environment) }
                .offering(.entry) { $0.selectedSummary }
                .accepting(.tag) { list, tag in list.applyTagFilter(tag) }
                .action(Action.search, summary: "search") { $0.beginSearch() }
                .action(Action.add, summary: "add") { $0.add() }
                .action(Action.edit, summary: "edit") { $0.edit() }
                .action(Action.delete, summary: "delete") { $0.delete() }
        )
        registry.register(
            SceneKind(Kind.details, needs: .entry) { entry, context in
                EntryDetailsScene(entry: entry, context: context, environment: environment)
            }
            .offering(.entry) { $0.currentSummary }
            .action(Action.edit, summary: "edit") { $0.edit() }
            .action(Action.delete, summary: "delete") { $0.delete() }
        )
        registry.register(
            SceneKind(Kind.tagPicker) { context in TagPickerScene(context: context, environment: environment) }
                .offering(.tag) { $0.selectedTag }
        )
        registry.register(
            SceneKind(Kind.moreDetails, needs: .entry) { entry, context in
                EntryMoreDetailsScene(entry: entry, context: context, environment: environment)
            }
            .offering(.entry) { $0.currentSummary }
        )

        // The segues the context's code performs by name, checked in every Entries storyboard at load.
        registry.requireSegue(
            EntriesStoryboardContract.showDetailsSegue, carrying: .entry,
            purpose: "shows an entry picked in another context, such as Settings",
            example: "\(EntriesStoryboardContract.showDetailsSegue): {from: list, to: details, kind: push}")
        registry.expectUnwind(
            EntriesStoryboardContract.entryDeletedSegue, purpose: "leaves an entry's details once it was deleted there",
            whenMissing: "the details stay and say the entry was deleted",
            example: "\(EntriesStoryboardContract.entryDeletedSegue): {from: details, kind: unwind}")

        let flow = environment.flow
        registry.registerFlowAction(Action.showSettings, summary: "settings") { flow.showSettings() }
        registry.registerFlowAction(Action.quit, summary: "quit") { flow.quit() }
        return registry
    }
}
