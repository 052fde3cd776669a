import AppShell
import EntryModel

/// The entries linking here, in the more details: select one and open it (the storyboard's
/// `showLinkedEntry` segue, as following a link in the details).
extension EntryMoreDetailsScene {
    func selectNextBacklink() {
        backlinks.selectNext(reading: environment.repository)
        afterSelecting()
    }

    func selectPreviousBacklink() {
        backlinks.selectPrevious()
        afterSelecting()
    }

    func openBacklink() {
        guard let entry = backlinks.selectedEntry else {
            return environment.flow.showMessage(
                backlinks.entries.isEmpty ? "No entry links here." : "No linking entry selected.")
        }
        LinkedEntrySegue.perform(with: entry, from: context)
    }

    private func afterSelecting() {
        if backlinks.entries.isEmpty { return environment.flow.showMessage("No entry links here.") }
        showText(readingBacklinks: false)
        // The selection may have moved past the bottom (or the top) of the view: bring it in.
        if let line = backlinks.selectedLine { textView.reveal(line: backlinksStartLine + line) }
    }
}
