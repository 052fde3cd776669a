import AppShell
import EntryModel
import EntryUI

/// One trashed entry's page: its title, when it was deleted and how long it stays, when it was
/// written and its tags, then its text (scrolling). `restore` brings it back and leaves the page
/// through the storyboard's `restored` unwind.
@MainActor
final class TrashedEntryScene: Scene, ThemeAdoptingScene {
    let title: String
    let item: TrashedEntry
    private let context: StoryboardSceneContext
    private let environment: TrashEnvironment
    private let body: MarkdownView
    /// Set once restored here when the storyboard has no way back: the page then says so.
    private var restoredHere = false

    init(item: TrashedEntry, context: StoryboardSceneContext, environment: TrashEnvironment) {
        self.title = context.title
        self.item = item
        self.context = context
        self.environment = environment
        body = MarkdownView(text: item.entry.body, theme: environment.theme)
    }

    func adopt(_ theme: Theme) {
        body.theme = theme
    }

    /// Brings the entry back where it was, then back to the list (or says so where there is no way back).
    func restore() {
        guard !restoredHere else {
            environment.flow.showMessage("Already restored")
            return
        }
        guard environment.restore(item) else { return }
        do {
            try context.performSegue(TrashRegistry.restoredSegue)
        } catch {
            restoredHere = true
        }
    }

    func handle(_ key: Key) -> Bool {
        body.handle(key)
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let theme = environment.theme
        let entry = item.entry
        let header: [StyledText] = [
            StyledText(
                EntryText.rowPrefix(entry.title.isEmpty ? "(untitled)" : entry.title), style: Style(attributes: .bold)),
            StyledText(
                restoredHere
                    ? "Restored"
                    : "Deleted \(environment.text(item.deletedAt)) · \(environment.timeLeft(item))",
                style: theme.dim),
            StyledText(
                "Written \(environment.text(entry.createdAt))"
                    + (entry.tags.isEmpty ? "" : " · " + EntryText.tags(entry.tags)),
                style: theme.dim),
        ]
        for (row, line) in header.prefix(area.height).enumerated() {
            _ = buffer.put(line, at: Point(x: area.x, y: area.y + row), maxWidth: area.width)
        }
        let top = header.count + 1
        guard area.height > top else { return }
        body.render(into: &buffer, area: Rect(x: area.x, y: area.y + top, width: area.width, height: area.height - top))
    }
}
