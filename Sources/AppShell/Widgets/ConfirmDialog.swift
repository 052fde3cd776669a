/// A small modal asking a yes/no question: `y` answers yes, `n` or Esc no, Enter the highlighted
/// answer (the default one until left/right/tab moves the highlight).
///
/// ```swift
/// ConfirmDialog(message: "Delete “Groceries”?") { confirmed in
///     if confirmed { try? repository.delete(id) }
/// }.present(in: window)
/// ```
/// The dialog dismisses itself before calling `onAnswer`, and answers once.
@MainActor
public final class ConfirmDialog: SizedModalScene, ThemeAdoptingScene {
    /// The box's title ("Confirm" by default).
    public let title: String
    /// The question asked, shown in the dialog's box.
    public let message: String
    /// The answer highlighted when the dialog opens, which Enter gives unless the highlight is moved.
    public let defaultAnswer: Bool
    /// The styles the dialog is drawn in; a window that adopts a new theme passes it on here.
    public var theme: Theme
    /// The answer given, once given.
    public private(set) var answer: Bool?
    /// The answer Enter gives.
    public private(set) var highlightedAnswer: Bool
    private let onAnswer: (Bool) -> Void
    private weak var presenter: (any ModalPresenter)?

    /// Creates a dialog asking `message`; `onAnswer` is called
    /// once, with true for yes, after the dialog dismissed itself.
    public init(
        title: String = "Confirm", message: String, defaultAnswer: Bool = false, theme: Theme = .default,
        onAnswer: @escaping (Bool) -> Void
    ) {
        self.title = title
        self.message = message
        self.defaultAnswer = defaultAnswer
        self.highlightedAnswer = defaultAnswer
        self.theme = theme
        self.onAnswer = onAnswer
    }

    /// Draws from now on in `theme`.
    public func adopt(_ theme: Theme) {
        self.theme = theme
    }

    /// Presents the dialog in `presenter`, which it dismisses itself from when answered.
    public func present(in presenter: any ModalPresenter) {
        self.presenter = presenter
        presenter.present(self)
    }

    /// `y`, `n`, Esc, and Enter with the answer it gives now.
    public var keyHelp: [KeyHelp] {
        [
            KeyHelp(key: "y", summary: "yes"), KeyHelp(key: "n", summary: "no"),
            KeyHelp(key: "enter", summary: highlightedAnswer ? "yes" : "no"), KeyHelp(key: "esc", summary: "no"),
        ]
    }

    /// Takes every key, so the status bar offers only the answers.
    public var offersWindowKeys: Bool { false }

    /// Takes every key while it is up (a stray `q` must not quit under a question); ctrl-c still
    /// quits, the window sees it first.
    public func handle(_ key: Key) -> Bool {
        switch key {
        case .character("y"), .character("Y"): give(true)
        case .character("n"), .character("N"), .escape: give(false)
        case .enter: give(highlightedAnswer)
        case .left, .right, .tab, .backTab, .character("h"), .character("l"): highlightedAnswer.toggle()
        default: break
        }
        return true
    }

    /// As wide as the message (at most 56 columns, at least the two buttons) plus a column each side,
    /// as tall as its wrapped lines plus a blank row and the buttons' row; never more than `available`.
    public func preferredContentSize(fitting available: Size) -> Size {
        let width = min(available.width, max(Self.buttonsWidth, min(56, message.displayWidth)) + 2)
        let messageRows = TextWrapper.lines(of: message).reduce(0) { total, line in
            total + TextWrapper.rows(of: message[line], width: max(1, width - 2)).count
        }
        return Size(width: width, height: min(available.height, messageRows + 2))
    }

    /// The message (wrapped, one column of padding each side) and the two answers on the last row.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let padding = area.width >= 4 ? 1 : 0
        let textArea = area.inset(left: padding, right: padding)
        let buttonsY = area.maxY - 1
        var y = area.y
        for line in TextWrapper.lines(of: message) {
            for row in TextWrapper.rows(of: message[line], width: max(1, textArea.width)) where y < buttonsY {
                buffer.put(String(message[row]), at: Point(x: textArea.x, y: y), clip: textArea)
                y += 1
            }
        }
        var buttons = StyledText("Yes (y)", style: highlightedAnswer ? theme.selection : .plain)
        buttons.append("   ")
        buttons.append("No (n)", style: highlightedAnswer ? .plain : theme.selection)
        buffer.put(
            line: buttons, at: Point(x: textArea.x, y: buttonsY), width: textArea.width, alignment: .center, clip: area)
    }

    private static let buttonsWidth = "Yes (y)   No (n)".count

    private func give(_ value: Bool) {
        guard answer == nil else { return }
        answer = value
        if let presenter, presenter.presentedScene === self { presenter.dismiss() }
        onAnswer(value)
    }
}
