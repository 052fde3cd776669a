/// A one-line text field with a cursor, emacs/readline keys and horizontal scrolling.
///
/// Keys: characters insert at the cursor; left/right (ctrl-b/ctrl-f), home/end (ctrl-a/ctrl-e);
/// backspace and delete; ctrl-u deletes to the start, ctrl-k to the end, ctrl-w (alt-backspace) the
/// word before the cursor; a paste is inserted whole with line breaks and tabs turned into spaces.
/// Enter calls `onSubmit`, Esc `onCancel` (Esc bubbles up when there is none). Up, down, tab and
/// other keys are not used, so a search field can sit above a list that takes them.
///
/// Control characters never enter the text: a paste drops them, so what is searched is what is seen.
/// The text holds at most ``maximumLength`` characters: a longer paste is cut and `onLimitReached` says
/// so, which keeps every key's work (and the search it starts) small whatever lands in the field.
@MainActor
public final class LineInput {
    /// The text; setting it puts the cursor at the end and does not call `onChange`.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(Self.sanitized(newValue).prefix(maximumLength))
            cursor = characters.count
        }
    }
    /// The cursor, in grapheme clusters from the start (0...text.count).
    public private(set) var cursor: Int
    /// Drawn before the text ("/ ", "Name: ").
    public var prompt: StyledText
    /// Shown dimmed while the text is empty.
    public var placeholder: String
    /// The styles of the placeholder and the cursor.
    public var theme: Theme
    /// Called with the new text after a key changed it (not when `text` is set from code).
    public var onChange: ((String) -> Void)?
    /// Called with the text when Enter is pressed.
    public var onSubmit: ((String) -> Void)?
    /// Called when Esc is pressed; while nil, Esc is left to the scene around the field.
    public var onCancel: (() -> Void)?
    /// The most characters the text holds (a line to type, not a document): what a paste or typing
    /// would add beyond it is dropped.
    public var maximumLength: Int = LineInput.defaultMaximumLength
    /// Called with how many characters were dropped when an insertion met ``maximumLength``.
    public var onLimitReached: ((Int) -> Void)?

    /// The default ``maximumLength``.
    public static let defaultMaximumLength = 1_024

    private var characters: [Character]
    /// The first character on screen, when the text is wider than the field.
    private var scrollOffset = 0

    /// Creates a field holding `text` (control characters removed) with the cursor at its end.
    public init(text: String = "", prompt: StyledText = "", placeholder: String = "", theme: Theme = .default) {
        self.characters = Array(Self.sanitized(text))
        self.cursor = characters.count
        self.prompt = prompt
        self.placeholder = placeholder
        self.theme = theme
    }

    /// Edits the text or moves the cursor for `key`; returns false for keys the field does not use (up, down, tab…).
    public func handle(_ key: Key) -> Bool {
        let before = characters
        switch key {
        case .character(let character):
            guard !character.unicodeScalars.contains(where: TextSanitizer.isUnsafe) else { return false }
            insert(String(character))
        case .paste(let pasted): insert(Self.sanitized(pasted))
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            guard cursor > 0 else { break }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"): characters.removeSubrange(cursor...)
        case .control("w"), .alt(.backspace): deleteWordBeforeCursor()
        case .enter: onSubmit?(text)
        case .escape:
            guard let onCancel else { return false }
            onCancel()
        default: return false
        }
        if characters != before { onChange?(text) }
        return true
    }

    /// Draws the prompt and the part of the text around the cursor on the first row of `area`.
    public func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        buffer.fill(row, with: Cell(text: " ", style: .plain))
        let promptWidth = min(buffer.put(prompt, at: Point(x: row.x, y: row.y), clip: row), row.width)
        let field = Rect(x: row.x + promptWidth, y: row.y, width: row.width - promptWidth, height: 1)
        guard !field.isEmpty else { return }
        if characters.isEmpty {
            buffer.put(placeholder, at: Point(x: field.x, y: field.y), style: theme.dim, clip: field)
            buffer.restyle(Rect(x: field.x, y: field.y, width: 1, height: 1)) { $0.adding(theme.cursor.attributes) }
            return
        }
        scrollCursorIntoView(width: field.width)
        var x = field.x
        var cursorRect = Rect(x: field.x + field.width - 1, y: field.y, width: 1, height: 1)
        for index in scrollOffset...characters.count {
            if index == cursor { cursorRect = Rect(x: x, y: field.y, width: max(1, width(at: index)), height: 1) }
            guard index < characters.count, x + width(at: index) <= field.maxX else { break }
            x += buffer.put(String(characters[index]), at: Point(x: x, y: field.y), clip: field)
        }
        let cursorStyle = theme.cursor
        buffer.restyle(cursorRect.intersection(field)) { cursorStyle.over($0) }
    }

    // MARK: - Editing

    private func insert(_ text: String) {
        guard !text.isEmpty else { return }
        let room = max(0, maximumLength - characters.count)
        let inserted = String(text.prefix(room))
        if inserted.count < text.count { onLimitReached?(text.count - inserted.count) }
        guard !inserted.isEmpty else { return }
        // Rebuilt as a string so a combining mark typed after a letter joins it.
        let before = String(characters[..<cursor]) + inserted
        characters = Array(before + String(characters[cursor...]))
        cursor = before.count
    }

    private func deleteWordBeforeCursor() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Text with line breaks and tabs as spaces and other control characters dropped.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TextSanitizer.isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n" && previousWasCR { continue }  // CRLF is one break
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else if !TextSanitizer.isUnsafe(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: - Scrolling

    /// The columns the character at `index` takes; the cursor after the last character takes one.
    private func width(at index: Int) -> Int {
        index < characters.count ? CharacterWidth.of(characters[index]) : 1
    }

    /// Each step looks at no more characters than the field has columns, so the work per frame does
    /// not grow with the text (a loop that summed the widths from the first character on screen to the
    /// cursor at every step made a long paste quadratic: a 72 KB paste froze the app for 92 s).
    private func scrollCursorIntoView(width: Int) {
        scrollOffset = min(scrollOffset, cursor)
        // Scroll back while the whole rest of the text fits (after a resize or deleting at the end).
        var rest = columns(from: scrollOffset, to: characters.count, atMost: width)
        while scrollOffset > 0, rest + self.width(at: scrollOffset - 1) + 1 <= width {
            scrollOffset -= 1
            rest += self.width(at: scrollOffset)
        }
        // The first character shown when the cursor sits at the right edge, found from the cursor back.
        var used = self.width(at: cursor)
        var first = cursor
        while first > scrollOffset, used + self.width(at: first - 1) <= width {
            first -= 1
            used += self.width(at: first)
        }
        scrollOffset = first
    }

    /// The columns of characters `start..<end`, counting stopped once past `limit`.
    private func columns(from start: Int, to end: Int, atMost limit: Int) -> Int {
        var total = 0
        var index = start
        while index < end, total <= limit {
            total += width(at: index)
            index += 1
        }
        return total
    }
}
