import AppShell
import EntryModel

/// Links in the details: the actions that select one and follow it, and the header line about them.
/// Following performs the storyboard's `showLinkedEntry` segue with the linked entry, so the file
/// decides whether it pushes, presents or replaces (the shipped one pushes: Esc comes back).
extension EntryDetailsScene {
    /// Selects the next link of the text.
    func selectNextLink() {
        links.selectNext()
        if links.items.isEmpty { environment.flow.showMessage("This entry has no links.") }
    }

    /// Selects the previous link of the text.
    func selectPreviousLink() {
        links.selectPrevious()
        if links.items.isEmpty { environment.flow.showMessage("This entry has no links.") }
    }

    /// Opens the entry the selected link leads to, or says why not.
    func followLink() {
        guard let item = links.selectedItem else {
            return environment.flow.showMessage(links.items.isEmpty ? "This entry has no links." : "No link selected.")
        }
        guard let entry = item.entry else {
            return environment.flow.showMessage("\(EntryLinkSelection.written(item.link.target)) leads to no entry.")
        }
        LinkedEntrySegue.perform(with: entry, from: context)
    }

    /// Looks the links of the body up again (after an edit of this entry or another).
    func reloadLinks() {
        links = EntryLinkSelection(text: state.entry?.body ?? "", keeping: links, repository: environment.repository)
    }

    /// The header's line about the links, if the body has any.
    func linkLines() -> [StyledText] {
        guard let line = links.summaryLine else { return [] }
        return [StyledText(line, style: links.selectedItem == nil ? environment.theme.dim : environment.theme.link)]
    }
}

/// Following a link from any scene of the context: the storyboard's `showLinkedEntry` segue.
enum LinkedEntrySegue {
    /// Performs it from the scene of `context` with `entry`; without it, the status line says so.
    @MainActor
    static func perform(with entry: EntrySummary, from context: StoryboardSceneContext) {
        do {
            try context.performSegue(EntriesStoryboardContract.showLinkedEntrySegue, with: entry)
        } catch {
            context.showStatus("Links cannot be followed here: \(error)")
        }
    }
}
