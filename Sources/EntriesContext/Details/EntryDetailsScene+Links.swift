import AppShell
import EntryModel

/// Links in the details: the actions that select one and follow it, and the header line about them.
/// Following performs the storyboard's `showLinkedEntry` segue with the linked entry, so the file
/// decides whether it pushes, presents or replaces (the shipped one pushes: Esc comes back).
extension EntryDetailsScene {
    /// Selects the next link of the text.
    func selectNextLink() {
        links.selectNext()
        revealsSelectedLink = true
        if links.items.isEmpty { environment.flow.showMessage("This entry has no links.") }
    }

    /// Selects the previous link of the text.
    func selectPreviousLink() {
        links.selectPrevious()
        revealsSelectedLink = true
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

    /// Draws the text; after Tab moved the selection, first scrolls it to the page that shows the
    /// selected link (paging from the top), or back where it was when no page does (a link wrapped
    /// over two rows is not seen as one).
    func drawText(into buffer: inout Buffer, area: Rect) {
        drewSelectedLink = false
        drawTextOnce(into: &buffer, area: area)
        guard revealsSelectedLink else { return }
        revealsSelectedLink = false
        guard links.selectedItem != nil, !drewSelectedLink else { return }
        let original = textPosition
        scrollTextToTop()
        while true {
            buffer.fill(area)
            drewSelectedLink = false
            drawTextOnce(into: &buffer, area: area)
            if drewSelectedLink { return }
            let before = textPosition
            scrollText(by: max(1, area.height))
            if textPosition == before { break }
        }
        scrollTextToTop()
        while textPosition < original {
            let before = textPosition
            scrollText(by: 1)
            if textPosition == before { break }
        }
        buffer.fill(area)
        drawTextOnce(into: &buffer, area: area)
    }

    private func drawTextOnce(into buffer: inout Buffer, area: Rect) {
        if showsRawText {
            bodyView.render(into: &buffer, area: area)
        } else {
            renderedView.render(into: &buffer, area: area)
        }
    }

    /// Where the text shown is scrolled to, comparable: (line or block, wrapped row).
    private var textPosition: (Int, Int) {
        showsRawText ? (bodyView.topLine, bodyView.topRow) : (renderedView.topBlock, renderedView.topRow)
    }

    private func scrollText(by rows: Int) {
        if showsRawText { bodyView.scroll(by: rows) } else { renderedView.scroll(by: rows) }
    }

    private func scrollTextToTop() {
        if showsRawText { bodyView.scrollToTop() } else { renderedView.scrollToTop() }
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
