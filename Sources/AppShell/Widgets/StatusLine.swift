/// What a status message is about, which decides its style.
public enum StatusKind: Hashable, Sendable {
    /// `info` tells what happened; `error` says something failed and is drawn in the theme's error style.
    case info, error
}

/// A message shown in the status bar.
public struct StatusMessage: Hashable, Sendable {
    /// The message, one line; cut with "…" when wider than the bar.
    public var text: String
    /// Whether the message informs or reports an error, which decides its style.
    public var kind: StatusKind

    /// Creates a message showing `text` (informational by default).
    public init(_ text: String, kind: StatusKind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// The bottom bar: a status message while one is fresh, otherwise the key hints of the visible scene.
///
/// Messages expire after `duration`, measured with the injected clock (`expireIfStale()` is called from
/// the window's tick), or are cleared explicitly (the window clears them on the next key).
@MainActor
public final class StatusLine {
    /// The styles of the bar, of messages and of key names.
    public var theme: Theme
    /// How long a message stays up.
    public var duration: Duration
    /// The message shown; nil when the bar shows key hints.
    public private(set) var message: StatusMessage?
    private var shownAt: ContinuousClock.Instant?
    private let now: () -> ContinuousClock.Instant
    /// The hints last laid out and what they were laid out from, newest last: the window draws the bar
    /// and asks where its hints are at every frame, and the keys change only with the scene shown (a
    /// key such as Enter goes back and forth between two).
    private var laidOut: [LaidOutHints] = []

    /// Key hints placed in a width, with what decided their places.
    private struct LaidOutHints {
        var keyHelp: [KeyHelp]
        var width: Int
        var keeping: Set<String>
        var theme: Theme
        var placed: [(help: KeyHelp, hint: StyledText, start: Int)]
        var line: StyledText
    }

    /// Creates an empty status line whose messages stay up for `duration` as measured by `now` (injectable for tests).
    public init(
        theme: Theme = .default, duration: Duration = .seconds(4),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.theme = theme
        self.duration = duration
        self.now = now
    }

    /// Shows `text` until it expires or is cleared; a newer message replaces an older one.
    public func show(_ text: String, kind: StatusKind = .info) {
        message = StatusMessage(text, kind: kind)
        shownAt = now()
    }

    /// Removes the message, bringing the key hints back.
    public func clear() {
        message = nil
        shownAt = nil
    }

    /// Clears the message once it has been up for `duration`; returns true when it did.
    @discardableResult
    public func expireIfStale() -> Bool {
        guard message != nil, let shownAt, now() - shownAt >= duration else { return false }
        clear()
        return true
    }

    /// Draws the message, or as many whole key hints as fit ("enter open  / search"), with `trailing`
    /// (the window's "? help") kept at the right end whenever it fits at all. Hints whose summary is
    /// in `keeping` (the way back) stay in their place when others must go for lack of room.
    public func render(
        into buffer: inout Buffer, area: Rect, keyHelp: [KeyHelp], trailing: KeyHelp? = nil, keeping: Set<String> = []
    ) {
        guard !area.isEmpty else { return }
        let origin = Point(x: area.x, y: area.y)
        if let message {
            let style = message.kind == .error ? theme.statusError : theme.statusInfo
            buffer.put(line: message.text, at: origin, width: area.width, style: style, clip: area)
            return
        }
        buffer.put(line: "", at: origin, width: area.width, style: theme.statusBar, clip: area)
        var leadingWidth = area.width
        if let trailing, !trailing.key.isEmpty {
            let pinned = hint(trailing)
            if pinned.width <= area.width {
                buffer.put(
                    line: pinned, at: Point(x: area.maxX - pinned.width, y: area.y), width: pinned.width,
                    style: theme.statusBar, clip: area)
                // Two columns between the last hint and the pinned one.
                leadingWidth = max(0, area.width - pinned.width - 2)
            }
        }
        buffer.put(
            line: laidOutHints(keyHelp, width: leadingWidth, keeping: keeping).line, at: origin,
            width: leadingWidth, style: theme.statusBar, clip: area)
    }

    /// Where each key hint ``render(into:area:keyHelp:trailing:keeping:)`` draws is, by column, with the
    /// name of its first key ("enter" for "enter/l open"): what a click on the status bar presses. Empty while a
    /// message shows.
    public func hintColumns(
        area: Rect, keyHelp: [KeyHelp], trailing: KeyHelp? = nil, keeping: Set<String> = []
    ) -> [(columns: Range<Int>, keyName: String)] {
        guard !area.isEmpty, message == nil else { return [] }
        var result: [(columns: Range<Int>, keyName: String)] = []
        var leadingWidth = area.width
        if let trailing, !trailing.key.isEmpty {
            let pinned = hint(trailing)
            if pinned.width <= area.width {
                result.append(((area.maxX - pinned.width)..<area.maxX, Self.firstKeyName(trailing.key)))
                leadingWidth = max(0, area.width - pinned.width - 2)
            }
        }
        for placed in laidOutHints(keyHelp, width: leadingWidth, keeping: keeping).placed {
            result.append(
                (
                    (area.x + placed.start)..<(area.x + placed.start + placed.hint.width),
                    Self.firstKeyName(placed.help.key)
                ))
        }
        return result
    }

    /// The hints of `keyHelp` laid out in `width` columns (the line drawn and where each hint is), reused while what they are laid out from stays the same.
    private func laidOutHints(_ keyHelp: [KeyHelp], width: Int, keeping: Set<String>) -> LaidOutHints {
        if let index = laidOut.lastIndex(where: {
            $0.width == width && $0.keyHelp == keyHelp && $0.keeping == keeping && $0.theme == theme
        }) {
            return laidOut[index]
        }
        let placed = Self.layout(keyHelp, width: width, theme: theme, keeping: keeping)
        let fresh = LaidOutHints(
            keyHelp: keyHelp, width: width, keeping: keeping, theme: theme, placed: placed,
            line: Self.line(of: placed, theme: theme))
        if laidOut.count >= 4 { laidOut.removeFirst() }
        laidOut.append(fresh)
        return fresh
    }

    /// "enter" of "enter/l"; "/" stays "/".
    private static func firstKeyName(_ keys: String) -> String {
        guard keys.count > 1, let slash = keys.firstIndex(of: "/"), slash != keys.startIndex else { return keys }
        return String(keys[..<slash])
    }

    /// The placed hints as one line: key hints that fit in the width, each whole, separated by two
    /// spaces. Keys that do the same thing share one hint ("enter/space next"); entries without a key
    /// (a scene's help sentence) are left to the help overlay.
    private static func line(of placed: [(help: KeyHelp, hint: StyledText, start: Int)], theme: Theme) -> StyledText {
        var text = StyledText()
        for placed in placed {
            if placed.start > 0 { text.append("  ", style: theme.statusBar) }
            text.append(placed.hint)
        }
        return text
    }

    /// The hints drawn, in order, and the column each starts at: whole hints two columns apart, until
    /// one does not fit; a hint whose summary is in `keeping` keeps the room it needs from those
    /// before it but the first, so that the way back stays on a narrow screen.
    static func layout(
        _ keyHelp: [KeyHelp], width: Int, theme: Theme, keeping: Set<String>
    ) -> [(help: KeyHelp, hint: StyledText, start: Int)] {
        let groups = grouped(keyHelp)
        let hints = groups.map { hint($0, theme: theme) }
        var placed: [(help: KeyHelp, hint: StyledText, start: Int)] = []
        var used = 0
        var full = false
        for (index, help) in groups.enumerated() {
            let isKept = keeping.contains(help.summary)
            if full && !isKept { continue }
            // The room the kept hints after this one need.
            let reserved = groups.indices.dropFirst(index + 1).filter { keeping.contains(groups[$0].summary) }
                .reduce(0) { $0 + hints[$1].width + 2 }
            let start = used == 0 ? 0 : used + 2
            // The first hint (the scene's main key) is never given up for the way back.
            guard start + hints[index].width + (isKept || index == 0 ? 0 : reserved) <= width else {
                if isKept { break }
                full = true
                continue
            }
            placed.append((help, hints[index], start))
            used = start + hints[index].width
        }
        return placed
    }

    private func hint(_ help: KeyHelp) -> StyledText {
        Self.hint(help, theme: theme)
    }

    /// "key summary", the key in the key style.
    private static func hint(_ help: KeyHelp, theme: Theme) -> StyledText {
        var hint = StyledText(help.key, style: theme.keyName)
        hint.append(" " + help.summary, style: theme.statusBar)
        return hint
    }

    /// One entry per summary, in the order summaries first appear, with their keys joined by "/" (each once).
    static func grouped(_ keyHelp: [KeyHelp]) -> [KeyHelp] {
        var groups: [KeyHelp] = []
        for help in keyHelp where !help.key.isEmpty {
            if let index = groups.firstIndex(where: { $0.summary == help.summary }) {
                let keys = groups[index].key.split(separator: "/", omittingEmptySubsequences: false)
                if !keys.contains(Substring(help.key)) { groups[index].key += "/" + help.key }
            } else {
                groups.append(help)
            }
        }
        return groups
    }
}
