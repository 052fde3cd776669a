import AppShell
import EntryModel

/// The Entries context's side of its storyboard: how to build each kind of scene (from the context's
/// environment, which the runtime passes when it builds one), what each offers and accepts, which
/// actions it has, and the flow actions that leave the context. It holds no dependencies, so the same
/// registry checks storyboards without an app (`lint`, `graph`) and runs them in the app. Which scenes
/// exist, which comes first and which key does what is in Entries.storyboard.
enum EntriesRegistry {
    @MainActor
    static func make() -> StoryboardRegistry {
        typealias Action = EntriesStoryboardContract.Action
        typealias Kind = EntriesStoryboardContract.Kind
        var registry = StoryboardRegistry()

        registry.register(
            SceneKind(Kind.list, in: EntriesEnvironment.self) { context, environment in
                EntryListScene(context: context, environment: environment)
            }
            .offering(.entry) { $0.offerSelection() }
            .accepting(.tag) { list, tag in list.applyTagFilter(tag) }
            .accepting(.tags) { list, selection in list.applyTagFilter(selection) }
            .accepting(.day) { list, day in list.showDay(day) }
            .action(Action.toggleStar, summary: "star") { $0.toggleStar() }
            .action(Action.filterStarred, summary: "starred only") { $0.toggleStarredFilter() }
            .action(Action.search, summary: "search") { $0.beginSearch() }
            .action(Action.add, summary: "add") { $0.add() }
            .action(Action.edit, summary: "edit") { $0.edit() }
            .action(Action.delete, summary: "delete") { $0.delete() }
            .action(Action.undo, summary: "undo") { EntryUndo(environment: $0.environment).undo() }
            .action(Action.togglePreview, summary: "preview") { $0.togglePreview() }
            .action(Action.filterDate, summary: "date filter") { $0.beginDateFilter() }
            .action(Action.goToDate, summary: "go to date") { $0.beginDateJump() }
        )
        registry.register(
            SceneKind(Kind.details, needs: .entry, in: EntriesEnvironment.self) { entry, context, environment in
                EntryDetailsScene(entry: entry, context: context, environment: environment)
            }
            .offering(.entry) { $0.currentSummary }
            .action(Action.edit, summary: "edit") { $0.edit() }
            .action(Action.delete, summary: "delete") { $0.delete() }
            .action(Action.undo, summary: "undo") { EntryUndo(environment: $0.environment).undo() }
            .action(Action.toggleMarkdown, summary: "raw") { $0.toggleMarkdown() }
            .action(Action.toggleStar, summary: "star") { $0.toggleStar() }
            // One summary for both ways: the status bar shows them on one hint ("tab/shift-tab links").
            .action(Action.nextLink, summary: "links") { $0.selectNextLink() }
            .action(Action.previousLink, summary: "links") { $0.selectPreviousLink() }
            .action(Action.followLink, summary: "follow link") { $0.followLink() }
        )
        registry.register(
            SceneKind(Kind.tagPicker, in: EntriesEnvironment.self) { context, environment in
                TagPickerScene(context: context, environment: environment)
            }
            .offering(.tag) { $0.selectedTag }
            .offering(.tags) { $0.tagSelection }
            .action(Action.markTag, summary: "mark") { $0.toggleMark() }
            .action(Action.switchTagMatch, summary: "all/any") { $0.switchMatch() }
        )
        registry.register(
            SceneKind(Kind.moreDetails, needs: .entry, in: EntriesEnvironment.self) { entry, context, environment in
                EntryMoreDetailsScene(entry: entry, context: context, environment: environment)
            }
            .offering(.entry) { $0.currentSummary }
            .action(Action.nextLink, summary: "linked from") { $0.selectNextBacklink() }
            .action(Action.previousLink, summary: "linked from") { $0.selectPreviousBacklink() }
            .action(Action.followLink, summary: "open") { $0.openBacklink() }
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

        // Storyboard-wide keys trigger actions, not segues: `s: showSettings` presents the context
        // named Settings through the presenter (the host's App Controller), as a segue into it would.
        // A storyboard may bind a key to `showCalendar` instead of a segue: it presents the Calendar, as
        // the shipped storyboard's segue does. A host without such a context says so in the status line.
        registry.registerContextAction(Action.showSettings, summary: "settings", presenting: "Settings")
        registry.registerContextAction(Action.showCalendar, summary: "calendar", presenting: "Calendar")
        registry.registerFlowAction(Action.showJournals, summary: "journals", in: EntriesEnvironment.self) {
            $0.flow.showJournals()
        }
        registry.registerFlowAction(Action.quit, summary: "quit", in: EntriesEnvironment.self) { $0.flow.quit() }
        // The Calendar was named Journal: `c: showJournal` (one letter from `showJournals`) and
        // `c: openJournal` in a person's files are refused with the name now.
        registry.registerFormerName("showJournal", now: Action.showCalendar)
        registry.registerFormerName("openJournal", now: "openCalendar")
        return registry
    }
}
