/// Something that can show a scene modally over its content and take it away again: the window.
@MainActor
public protocol ModalPresenter: AnyObject {
    /// The scene presented over the content, if any.
    var presentedScene: (any Scene)? { get }
    /// Presents `scene` over the current content; the content keeps its state underneath.
    func present(_ scene: any Scene)
    /// Dismisses the presented scene, returning to exactly where the content was.
    func dismiss()
    /// Shows the keys of the visible scene over everything, or hides them (the storyboard action `help`).
    func toggleHelp()
    /// Clears the terminal and draws everything again at the next frame (the storyboard action
    /// `repaint`). No default: a presenter that forgot to pass it on would leave Ctrl-L dead.
    func requestRepaint()
    /// Presents another context, by its storyboard's name: what a storyboard's segue into another
    /// context asks for (`showCalendar: {from: list, to: Calendar, kind: present}`). The app's App
    /// Controller, the only object that knows several contexts, does it. Throws when there is no such
    /// context here (the navigator shows the error in the status line).
    func presentContext(named name: String) throws
}

extension ModalPresenter {
    /// A presenter without a help overlay ignores `help`.
    public func toggleHelp() {}

    /// A presenter that knows no other context (a context embedded alone) says so.
    public func presentContext(named name: String) throws {
        throw StoryboardRuntimeError.noSuchContext(name)
    }
}
